package automaton

// globalSet is a set of one program, the '*' group's (Global), with no
// crawl-delay: what the tests of one program's walks bind and encode.
func globalSet(p *Program) *Set {
	return &Set{Programs: []*Program{p}, Global: 0, Meta: []ProgramMeta{{CrawlDelay: -1}}}
}
