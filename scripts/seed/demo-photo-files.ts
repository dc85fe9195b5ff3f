// Written by tools/generate-demo-photos.ts: each demo room photo's files by width, named by content.
export const DEMO_ROOM_PHOTO_FILES: Record<string, Record<number, string>> = {
  "room-01": {
    "480": "/demo/rooms/room-01-480.10f3686e97.webp",
    "800": "/demo/rooms/room-01-800.904f8d8667.webp",
    "1200": "/demo/rooms/room-01-1200.427b00a7ad.webp",
  },
  "room-02": {
    "480": "/demo/rooms/room-02-480.8564652f39.webp",
    "800": "/demo/rooms/room-02-800.afb806f950.webp",
    "1200": "/demo/rooms/room-02-1200.54ed7019bd.webp",
  },
  "room-03": {
    "480": "/demo/rooms/room-03-480.a88a2c857d.webp",
    "800": "/demo/rooms/room-03-800.2a515ce3db.webp",
    "1200": "/demo/rooms/room-03-1200.fecbc6e8d6.webp",
  },
  "room-04": {
    "480": "/demo/rooms/room-04-480.24ea0b532c.webp",
    "800": "/demo/rooms/room-04-800.848b788c67.webp",
    "1200": "/demo/rooms/room-04-1200.b3a66c6b70.webp",
  },
  "room-05": {
    "480": "/demo/rooms/room-05-480.49e77de62d.webp",
    "800": "/demo/rooms/room-05-800.32289cd31a.webp",
    "1200": "/demo/rooms/room-05-1200.2870a46d17.webp",
  },
  "room-06": {
    "480": "/demo/rooms/room-06-480.a02320c351.webp",
    "800": "/demo/rooms/room-06-800.213cc6ebd5.webp",
    "1200": "/demo/rooms/room-06-1200.c7491cfe9c.webp",
  },
  "room-07": {
    "480": "/demo/rooms/room-07-480.82aa2177b8.webp",
    "800": "/demo/rooms/room-07-800.d381bec391.webp",
    "1200": "/demo/rooms/room-07-1200.6feab23973.webp",
  },
  "room-08": {
    "480": "/demo/rooms/room-08-480.57eeb696d9.webp",
    "800": "/demo/rooms/room-08-800.663c53910e.webp",
    "1200": "/demo/rooms/room-08-1200.b2c2a23ea4.webp",
  },
  "room-09": {
    "480": "/demo/rooms/room-09-480.16c88aea77.webp",
    "800": "/demo/rooms/room-09-800.128c1ea331.webp",
    "1200": "/demo/rooms/room-09-1200.83b861f95b.webp",
  },
  "room-10": {
    "480": "/demo/rooms/room-10-480.df63cae690.webp",
    "800": "/demo/rooms/room-10-800.533ef1cd6b.webp",
    "1200": "/demo/rooms/room-10-1200.26639a708e.webp",
  },
  "room-11": {
    "480": "/demo/rooms/room-11-480.f3e9df1b4f.webp",
    "800": "/demo/rooms/room-11-800.411aa549fd.webp",
    "1200": "/demo/rooms/room-11-1200.52ba20ebf4.webp",
  },
  "room-12": {
    "480": "/demo/rooms/room-12-480.51219e97aa.webp",
    "800": "/demo/rooms/room-12-800.d47ca53876.webp",
    "1200": "/demo/rooms/room-12-1200.8182dd7f58.webp",
  },
  "room-13": {
    "480": "/demo/rooms/room-13-480.baef2e3f21.webp",
    "800": "/demo/rooms/room-13-800.9d12e2decd.webp",
    "1200": "/demo/rooms/room-13-1200.a37f5b69d6.webp",
  },
  "room-14": {
    "480": "/demo/rooms/room-14-480.61020785b8.webp",
    "800": "/demo/rooms/room-14-800.74c3fc0882.webp",
    "1200": "/demo/rooms/room-14-1200.955d80ae57.webp",
  },
  "room-15": {
    "480": "/demo/rooms/room-15-480.c59ae743de.webp",
    "800": "/demo/rooms/room-15-800.92fcaeeba7.webp",
    "1200": "/demo/rooms/room-15-1200.8343ca1d26.webp",
  },
  "room-16": {
    "480": "/demo/rooms/room-16-480.d57ced04c9.webp",
    "800": "/demo/rooms/room-16-800.d07ddb9318.webp",
    "1200": "/demo/rooms/room-16-1200.b1ab400602.webp",
  },
  "room-17": {
    "480": "/demo/rooms/room-17-480.cab73c6926.webp",
    "800": "/demo/rooms/room-17-800.9cf0834950.webp",
    "1200": "/demo/rooms/room-17-1200.b02c2d54d5.webp",
  },
  "room-18": {
    "480": "/demo/rooms/room-18-480.c774719a72.webp",
    "800": "/demo/rooms/room-18-800.e560473546.webp",
    "1200": "/demo/rooms/room-18-1200.699dd4bca7.webp",
  },
  "room-19": {
    "480": "/demo/rooms/room-19-480.ce12c447f3.webp",
    "800": "/demo/rooms/room-19-800.23ff95c9b6.webp",
    "1200": "/demo/rooms/room-19-1200.32ed601fa2.webp",
  },
  "room-20": {
    "480": "/demo/rooms/room-20-480.1190ef5fbf.webp",
    "800": "/demo/rooms/room-20-800.c2eb0cada3.webp",
    "1200": "/demo/rooms/room-20-1200.50a11b41d7.webp",
  },
  "room-21": {
    "480": "/demo/rooms/room-21-480.37c6366f14.webp",
    "800": "/demo/rooms/room-21-800.1773acd185.webp",
    "1200": "/demo/rooms/room-21-1200.97bc1f82b5.webp",
  },
  "room-22": {
    "480": "/demo/rooms/room-22-480.e4c500bf8d.webp",
    "800": "/demo/rooms/room-22-800.d32415eab3.webp",
    "1200": "/demo/rooms/room-22-1200.ef26ce41f1.webp",
  },
  "room-23": {
    "480": "/demo/rooms/room-23-480.f72868f40a.webp",
    "800": "/demo/rooms/room-23-800.75f7241159.webp",
    "1200": "/demo/rooms/room-23-1200.b41a830abd.webp",
  },
  "room-24": {
    "480": "/demo/rooms/room-24-480.2a316f9cf3.webp",
    "800": "/demo/rooms/room-24-800.f2e3fd70b5.webp",
    "1200": "/demo/rooms/room-24-1200.c7be82d902.webp",
  },
};
