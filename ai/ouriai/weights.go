package ouriai

import "tabuleiro/games/ouri"

// DefaultWeights are the evaluation's weights for each rule set, fitted by TestTuneEval on
// self-play games (the full endgame database), each fit played with the weights of the one before.
//
// Ouri's are the logistic fit on the results of 3,000 games at depth 10: its estimate is the
// model's chance of winning, in seeds of the endgame (a stored seed counts one seed where the
// database takes over, and less before: 0.02 at the start). Against the least-squares fit before
// it (5,000 games at depth 10), it played +56 Elo over 250 games at 100 ms (129-32-89, 95 %:
// +16..+98).
//
// Abapa's are the least-squares fit of the seeds the mover goes on to gain, 3,000 games at depth 9
// (its base features only: the per-house weights are 0). Refits on 4,000 games at depth 10, by
// least squares with every feature and by logistic regression on the results, played no better at
// 100 ms (+14 Elo over 100 games, −21 over 50: within the noise).
var DefaultWeights = [2]Weights{
	ouri.RulesOuri:  {0.4436, 0.2987, -2.0448, 2.2104, 3.0518, -3.3625, 1.5586, -2.6879, 1.6349, -1.1181, -0.4213, 0.3231, 0.2434, 0.4060, 0.1118, 0.2095, -0.3050, -0.4856, -0.3445, -0.3712, -0.0547, -0.1229, 0.2694, 0.5052, -1.4194, -0.3409, 0.6712, -1.0268, -0.1072, 0.1477, -0.6067, 1.9457, -1.2326, 0.9321, -0.5282, 0.5614, -0.0535, -0.4502, -0.2104, -0.2811, 0.3370, 0.5678, 0.2332, 0.4735, 0.1922, 0.1981, -0.2792, -0.5674, -0.0398},
	ouri.RulesAbapa: {0.6520, -0.0077, -1.1952, 1.1171, 2.2810, -1.7951, 1.1435, -2.1023, 1.3825, -0.9803, -1.1088, 0.8523, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2283, -0.1592, 0.3889, -0.1129, 1.4728, -1.8881, 0.3420, 0.3288, -0.1647, 0.3963, 0.7521, -0.5752, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1.0446},
}

// WinScales are the coach's scales for each rule set's weights: the estimate, in eighths of a seed,
// at which the side to move wins about three times in four (a logit of 1: 73 %). Ouri's is its
// logistic fit's own (one over a seed's logit where the database takes over: 3.1 seeds, printed by
// TestTuneEval); Abapa's was fitted on hard's self-play (TestCalibrateWinScale in package ai: 11
// seeds).
var WinScales = [2]float64{ouri.RulesOuri: 25, ouri.RulesAbapa: 11 * evalScale}
