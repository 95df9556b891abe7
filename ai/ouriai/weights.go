package ouriai

import "tabuleiro/games/ouri"

// DefaultWeights are the evaluation's weights for each rule set, fitted by TestTuneEval on 4,000
// self-play games each (depth 9, the store difference as evaluation, the full endgame database).
var DefaultWeights = [2]Weights{
	ouri.RulesOuri:  {0.3468, 0.2027, -1.5688, 2.9240, -2.0236, 1.5221, -5.2234, 2.7409, -0.3742, -0.4375, 2.7115, -2.6769, 0.5544, -0.3444, -1.7769, -0.2501, 11.5433, -11.5579, 10.5791, -8.6686, 3.3178, -0.8987, -5.2385, 4.9691, 0.6693},
	ouri.RulesAbapa: {0.8794, -0.3864, -1.1095, 1.1394, 1.6582, -1.1445, 2.4998, -3.0018, 0.9489, -0.5769, 2.0344, -2.0411, -0.2588, 0.5727, 0.4998, -0.4794, 3.1492, -3.4438, -0.1824, -0.0483, 0.6811, -0.3755, -5.1584, 4.9534, -1.5928},
}
