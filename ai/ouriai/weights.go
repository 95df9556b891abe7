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
	ouri.RulesOuri:  {0.4858, 1.7904, -1.1072, 2.0619, 0.6535, -1.5581, 1.9175, -2.4039, 1.6922, -1.2157, 1.6735, -2.2449, 0.4927, 0.4597, 0.2592, 0.2038, 0.0444, -0.0634, -0.2554, -0.2719, -0.0308, -0.0302, 0.0632, 0.1310, 2.6833, -1.2201, -0.3436, -0.0592, -2.7871, 2.7116, -0.6934, 0.6996, -1.5546, -1.7476, 1.0513, -1.6625, 0.1422, -0.2567, -1.7817, 2.1823, -1.2182, 1.0425, -2.1880, 2.8868, -0.4276, -0.4624, -0.2563, -0.1204, 0.1051, 0.2735, 0.3619, 0.4345, 0.1769, 0.0916, -0.0529, -0.1526, -1.3934, 0.2193, 0.7202, -0.2300, 2.4578, -2.4764, 0.6750, -0.7479, -1.0770},
	ouri.RulesAbapa: {0.3167, 0.7561, 0.1925, 0.0251, 0.0877, -0.4506, 1.1755, -1.8848, 1.2756, -0.8514, 0.6051, -0.8339, 0.1044, 0.0983, 0.0557, 0.0908, -0.0459, 0.1832, -0.0001, -0.0663, -0.0167, -0.0622, 0.0632, -0.1874, 0.8172, -0.4506, 0.1150, -0.0873, -1.0641, 1.0931, -0.4218, 0.4332, -1.0135, -0.5165, -0.3478, 0.1960, -0.6092, 0.0301, -0.8463, 1.5847, -1.0614, 0.7687, -1.0234, 1.2102, -0.0113, -0.0642, -0.0195, -0.1093, 0.1130, -0.1820, -0.0725, 0.0560, 0.0082, 0.1138, -0.0913, 0.2290, 0.4257, 0.0301, -0.3068, 0.3331, 0.7839, -0.8103, 0.2592, -0.2986, -0.6677},
}

// WinScales are the coach's scales for each rule set's weights: the estimate, in eighths of a seed,
// at which the side to move wins about three times in four (a logit of 1: 73 %). Each is its
// logistic fit's own, one over a seed's logit where the database takes over, which TestTuneEval
// prints: Ouri 3.1 seeds, Abapa 2.8.
var WinScales = [2]float64{ouri.RulesOuri: 21, ouri.RulesAbapa: 22}
