package ouriai

import "tabuleiro/games/ouri"

// DefaultWeights are the evaluation's weights for each rule set: logistic fits on the results of
// self-play games (TestTuneEval, the full endgame database, played with the weights before). Each
// estimate is the model's chance of winning, in seeds of the endgame: a stored seed counts one seed
// where the database takes over, and less before (0.02 at the start in Ouri).
//
// Ouri: 3,000 games at depth 10. Against the least-squares fit before it (5,000 games at depth 10)
// it played +56 Elo over 250 games at 100 ms (129-32-89, 95 %: +16..+98).
//
// Abapa: 4,000 games at depth 10. Against the least-squares fit before it (3,000 games at depth 9,
// base features only) it played +70 Elo over 200 games at 100 ms (110-20-70, 95 %: +25..+119). A
// least-squares refit on the same games with every feature played +14 over 100 games.
var DefaultWeights = [2]Weights{
	ouri.RulesOuri:  {0.4436, 0.2987, -2.0448, 2.2104, 3.0518, -3.3625, 1.5586, -2.6879, 1.6349, -1.1181, -0.4213, 0.3231, 0.2434, 0.4060, 0.1118, 0.2095, -0.3050, -0.4856, -0.3445, -0.3712, -0.0547, -0.1229, 0.2694, 0.5052, -1.4194, -0.3409, 0.6712, -1.0268, -0.1072, 0.1477, -0.6067, 1.9457, -1.2326, 0.9321, -0.5282, 0.5614, -0.0535, -0.4502, -0.2104, -0.2811, 0.3370, 0.5678, 0.2332, 0.4735, 0.1922, 0.1981, -0.2792, -0.5674, -0.0398},
	ouri.RulesAbapa: {0.3172, -0.0402, -0.2689, 0.3793, 2.1247, -1.9309, 1.6481, -2.4420, 1.2622, -0.8388, -0.4804, 0.3034, 0.1350, 0.1481, 0.0561, 0.0227, -0.1827, 0.0008, -0.0143, -0.0753, 0.0175, 0.0337, 0.2262, 0.0324, -1.0149, 0.0626, -0.0704, -0.0834, -1.1243, 0.9438, -0.8482, 1.5795, -1.0411, 0.7282, -0.1212, 0.2551, -0.0604, -0.1611, -0.0608, -0.0639, 0.2596, 0.0345, -0.0178, 0.1260, 0.0255, 0.0464, -0.2633, -0.0315, -1.0155},
}

// WinScales are the coach's scales for each rule set's weights: the estimate, in eighths of a seed,
// at which the side to move wins about three times in four (a logit of 1: 73 %). Each is its
// logistic fit's own, one over a seed's logit where the database takes over, which TestTuneEval
// prints: Ouri 3.1 seeds, Abapa 2.8.
var WinScales = [2]float64{ouri.RulesOuri: 25, ouri.RulesAbapa: 22}
