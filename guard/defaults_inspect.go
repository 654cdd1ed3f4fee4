package guard

// Inspection commands the catalog reads (inspect_*.go there): route, arp,
// and, per family below, the system, package and file commands. Each
// policy admits the forms that only print, and refuses by name the
// options that set state, run a program or read a file the path checks do
// not see. Which are in DefaultAllowedCommands is said beside each.

func inspectPolicies() map[string]CommandPolicy {
	return map[string]CommandPolicy{
		// net-tools route prints /proc/net/route (ipv6_route with -6): in
		// DefaultAllowedCommands. Positionals are its add/del commands
		// (route add default gw X), so there are none.
		"route": {
			Abbrev: true,
			Flags: with(bools("-n,--numeric", "-e,--extend", "-v,--verbose", "-4", "-6", "-F,--fib", "-C,--cache",
				"-h,--help", "-V,--version"), flagSet{"-A": val(ArgText, "inet", "inet6")}),
			Positionals: noPositionals,
		},

		// arp prints the neighbour cache (/proc/net/arp on Linux, the
		// routing socket on BSD): in DefaultAllowedCommands. -s, -d and
		// -f (a file of entries to set) change it; -D is a flag of -s.
		"arp": {
			Flags: with(bools("-a,--all", "-n,--numeric", "-e", "-v,--verbose", "-h,--help", "-V,--version"), flagSet{
				"-i,--device|-H,--hw-type|-t": val(ArgText),
			}),
			Refuse: refusals(
				refuseAll(drop(detailStateChange), "-s,--set,-S,-d,--delete,-D,--use-device"),
				refuseAll(valued(drop(detailStateChange)), "-f,--file"),
			),
			Positionals: upTo(1, ArgText),
		},
	}
}
