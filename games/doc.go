// Package games is the contract the bot, the store, the AI and the command line share for all three
// games. Each game lives in its own package (games/oolong, games/ouri, games/ordo) and knows only its
// rules; each declares a Descriptor (its names, texts, options, encoding code and which option sets
// are rated), and games/catalog is the one list of them: it builds any game by name and decodes
// stored games. Nothing here knows the floors above: ai and render register each game's engine and
// drawing under its descriptor.
//
//	g, _ := catalog.New("ouri", games.Options{"rules": "abapa"})
//	m, err := g.Parse("d") // err explains what was wrong and what to do instead
//	_ = g.Play(m)
//	fmt.Println(g.Format(m), g.ToMove(), g.Outcome(), g.Deciders())
//	if p, ok := g.(games.Paneled); ok {
//		_ = p.Panel() // the choices grouped as buttons and menus show them
//	}
package games
