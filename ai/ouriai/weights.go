package ouriai

import "tabuleiro/games/ouri"

// DefaultWeights are the evaluation's weights for each rule set, fitted by TestTuneEval on 3,000
// self-play games each (depth 9, the full endgame database), played with the weights fitted before
// them (first fitted on games evaluated by the store difference alone).
var DefaultWeights = [2]Weights{
	ouri.RulesOuri:  {0.3267, 0.0877, -1.4012, 2.0191, -1.3117, 1.3139, -1.6561, -0.0532, 0.5905, -0.6137, 2.1060, -2.1039, -0.1467, 0.6217, 0.1792, 0.3427, -0.2638, -0.6470, -0.0003, -0.7014, 0.0721, -0.2548, 0.2799, 0.6027, 0.5538, -0.0100, -2.1555, 1.0292, 10.4981, -11.2477, 5.4920, -3.8533, 1.9758, -0.5992, -4.7459, 4.5044, 0.8621, -0.4958, -0.3525, -0.5416, 0.1566, 0.5021, -0.5286, 0.6930, 0.1251, 0.4729, -0.2112, -0.4102, -0.0970},
	ouri.RulesAbapa: {0.6520, -0.0077, -1.1952, 1.1171, 2.2810, -1.7951, 1.1435, -2.1023, 1.3825, -0.9803, -1.1088, 0.8523, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2283, -0.1592, 0.3889, -0.1129, 1.4728, -1.8881, 0.3420, 0.3288, -0.1647, 0.3963, 0.7521, -0.5752, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1.0446},
}
