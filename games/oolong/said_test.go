package oolong

import "tabuleiro/say/saytest"

// said is what a person reads for err, in English (saytest.Said).
var said = saytest.Said
