package ouriai

import "tabuleiro/games/ouri"

// DefaultWeights are the evaluation's weights for each rule set: logistic fits on the results of
// self-play games (TestTuneEval, the full endgame database). Each estimate is the model's chance of
// winning, in seeds of the endgame: a stored seed counts one seed where the database takes over,
// and less before (about a third of a seed with 36 seeds on the board in Ouri).
//
// Ouri: the 3,000 games at depth 10 played with the weights before (every feature but the legal
// sowings, the seeds kept home and handed over and the fullest house); the new features bring the
// log loss from 0.453 to 0.403. Against 33b8c73 at 100 ms: +51 Elo over 200 games (104-21-75,
// 95 %: +5..+98). Refitted with 2,000 more games played with these weights it played −31 against
// them over 100 games, and on those 2,000 alone +3.
//
// Abapa: those 4,000 games at depth 10 and 4,000 more played with the Abapa weights fitted on them
// alone with every feature (the new features bring their log loss from 0.548 to 0.539; those
// weights played +67 against 33b8c73 over 200 games, 107-24-69, 95 %: +22..+114). Refitted on
// all 8,000 games (log loss 0.522, the store difference alone 0.585) it played +108 against
// 33b8c73 over 100 games (59-12-29, 95 %: +44..+179) where they had played +53 on the same openings.
//
// Against 8f047df at 100 ms, 200 games each: Ouri +45 Elo (102-22-76, 95 %: +0..+92), Abapa +127
// (123-24-53, 95 %: +81..+177).
var DefaultWeights = [2]Weights{
	ouri.RulesOuri:  {0.4858, 1.7904, -1.1072, 2.0619, 0.6535, -1.5581, 1.9175, -2.4039, 1.6922, -1.2157, 1.6735, -2.2449, 0.4927, 0.4597, 0.2592, 0.2038, 0.0444, -0.0634, -0.2554, -0.2719, -0.0308, -0.0302, 0.0632, 0.1310, 2.6833, -1.2201, -0.3436, -0.0592, -2.7871, 2.7116, -0.6934, 0.6996, -1.5546, -1.7476, 1.0513, -1.6625, 0.1422, -0.2567, -1.7817, 2.1823, -1.2182, 1.0425, -2.1880, 2.8868, -0.4276, -0.4624, -0.2563, -0.1204, 0.1051, 0.2735, 0.3619, 0.4345, 0.1769, 0.0916, -0.0529, -0.1526, -1.3934, 0.2193, 0.7202, -0.2300, 2.4578, -2.4764, 0.6750, -0.7479, -1.0770},
	ouri.RulesAbapa: {0.2956, 0.7790, 0.1562, 0.1086, -0.0067, -0.4637, 1.2712, -1.9303, 1.2536, -0.8986, 0.2989, -0.5487, 0.0511, 0.0882, 0.0683, 0.0752, 0.0092, 0.1917, 0.0404, -0.0616, -0.0353, -0.0483, 0.0094, -0.2000, 0.9042, -0.4637, 0.0944, -0.0563, -1.0005, 1.0302, -0.3081, 0.3098, -0.9459, -0.6267, -0.4908, 0.2259, -0.2116, -0.0491, -0.7748, 1.4122, -1.0327, 0.8445, -0.7476, 0.9394, 0.0988, -0.0413, -0.0251, -0.0771, 0.0248, -0.2527, -0.1459, 0.0588, 0.0367, 0.0948, 0.0014, 0.3082, 0.3635, -0.0491, -0.3100, 0.2696, 0.8153, -0.8741, 0.0532, -0.0866, -0.6006},
}

// WinScales are the coach's scales for each rule set's weights: the estimate, in eighths of a seed,
// at which the side to move wins about three times in four (a logit of 1: 73 %). Each is its
// logistic fit's own, one over a seed's logit where the database takes over, which TestTuneEval
// prints: Ouri 2.6 seeds, Abapa 2.6.
var WinScales = [2]float64{ouri.RulesOuri: 21, ouri.RulesAbapa: 21}
