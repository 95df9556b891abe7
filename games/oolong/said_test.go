package oolong

import "tabuleiro/games/internal/wording"

// said is what a person reads for err, in English (wording.Said).
var said = wording.Said
