// The React Router build, as its Vite plugin provides it to the server entry.
declare module "virtual:react-router/server-build";
