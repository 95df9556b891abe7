package ouriai

import "tabuleiro/games/ouri"

// DefaultWeights are the evaluation's weights for each rule set, fitted by TestTuneEval on
// self-play games (the full endgame database), each fit played with the weights of the one before,
// the first with the store difference alone. Ouri: 5,000 games at depth 10; Abapa: 3,000 games at
// depth 9 (its base features only: the per-house weights are 0). Refits of Abapa on 4,000 games at
// depth 10, by least squares with every feature and by logistic regression on the results, played
// no better at 100 ms (+14 Elo over 100 games, −21 over 50: within the noise). A logistic fit of
// Ouri (3,000 games at depth 10) played +56 Elo over 250 games (95 %: +16..+98) but fails the
// coach's review test: its seeds shrink in the opening (a stored seed counts 0.02 at the start),
// so the coach's win scale would have to be fitted anew before it can replace these.
var DefaultWeights = [2]Weights{
	ouri.RulesOuri:  {0.3872, -0.0521, -1.2904, 2.2394, -1.6297, 1.5798, -0.5851, -0.4257, 0.4595, -0.7527, 2.5637, -2.4261, 0.0621, 0.2811, 0.6758, -0.0142, -0.4559, -0.6251, -0.3028, -0.3441, -0.6358, 0.1556, 0.4209, 0.6821, 0.3237, 0.2508, -2.2351, 0.8717, 10.5918, -11.2562, 4.8503, -4.2264, 1.8855, -0.4555, -5.2420, 5.0143, 0.5694, -0.1404, -0.9861, -0.1505, 0.3590, 0.6180, -0.2216, 0.3002, 0.9957, -0.0116, -0.3494, -0.6948, -0.2253},
	ouri.RulesAbapa: {0.6520, -0.0077, -1.1952, 1.1171, 2.2810, -1.7951, 1.1435, -2.1023, 1.3825, -0.9803, -1.1088, 0.8523, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2283, -0.1592, 0.3889, -0.1129, 1.4728, -1.8881, 0.3420, 0.3288, -0.1647, 0.3963, 0.7521, -0.5752, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1.0446},
}
