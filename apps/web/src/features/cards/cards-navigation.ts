/** Where on the Cards page the user is, kept in the address (?deck=…&study=1) so Back and reloads work. */
export type CardsNavigation = {
  openList: () => void;
  openDeck: (deckId: string) => void;
  openStudy: (deckId: string) => void;
};
