/** The badges' words, on their own so the pages that show a badge carry nothing else of identity. */
export const ID_VERIFIED_BADGE = "ID verified";
export const LANDLORD_ID_VERIFIED_BADGE = "Landlord ID verified";
