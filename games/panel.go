package games

// Panel is how the player to decide may pick a decision with controls instead of typing.
type Panel struct {
	Groups []Group
	Skip   *Choice // a decision that declines (Oolong's "skip"), shown as its own button; nil when none
}

// Group is a set of choices shown together.
type Group struct {
	// Name is, for Oolong, the table of a placement ("ne"), or for a special the group a long menu
	// splits by ("move nw.s" of "move nw.s e.n"); "" otherwise.
	Name string
	// Keypad is a keypad of 3 columns listing every cell in reading order, the illegal ones with
	// Legal false (Ouri's houses a–f; an Oolong table's 9 seats nw n ne w c e sw s se). Otherwise the
	// group is a menu of Choices, all legal.
	Keypad  bool
	Choices []Choice
}

// Choice is one decision a control stands for.
type Choice struct {
	Label    string // the button or menu text: "d", "ne", "rotate 3"
	Notation string // canonical notation, what Parse accepts and Format writes
	// Description says what the choice does, in at most 100 characters, for a menu option's second
	// line: "turn table ne 3 steps clockwise (the tea on n goes to e)". Filled for Oolong's specials
	// (skip included); ID "" where the label says enough (a seat, a house).
	Description Text
	Move        Move
	Legal       bool
}

// Paneled is implemented by games that can be played with controls (Ouri, Oolong); Ordo is typed.
type Paneled interface {
	// Panel is the choices of the player to decide; empty once the game is over.
	Panel() Panel
}
