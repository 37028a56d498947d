/** The properties `s p a l d` open on the focused card, as the card menu's submenus. */
export type CardProperty = "status" | "priority" | "assignee" | "labels" | "due";
