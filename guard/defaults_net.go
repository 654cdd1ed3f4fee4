package guard

// Network queries: ping ping6 curl netstat lsof ss dig.

// pingPolicy is ping's and ping6's: counted or bounded by a deadline, no
// flood or preload. -p is a hex pattern, -b lets a broadcast address be
// pinged (iputils), -A adapts the interval to the round trip, -B, -L, -r,
// -3 and -o change what is sent or when ping stops; none reads or writes
// a file or runs anything.
func pingPolicy() CommandPolicy {
	return CommandPolicy{
		Flags: with(bools("-q", "-n", "-4", "-6", "-D", "-O", "-v", "-a", "-U", "-R", "-b", "-A", "-B", "-L", "-r", "-3", "-o"), flagSet{
			"-c": num(1, 100),
			"-w": num(1, 60),
			"-W": num(0, 30),
			"-i": {Arg: ArgNumber, Min: ptr(0.2), Max: ptr(60.0),
				Refusal: &Refusal{Detail: detailUnbounded}},
			"-s":          num(0, 65507),
			"-t":          num(1, 255),
			"-m":          num(0, 4294967295),
			"-e":          num(0, 65535),
			"-I|-S|-p|-M": val(ArgText),
		}),
		Refuse: map[string]Refusal{
			"-f": drop(detailUnbounded),
			"-l": valued(drop(detailUnbounded)),
		},
		Require: &Requirement{Flags: []string{"-c", "-w"},
			Refusal: &Refusal{Detail: detailUnbounded, Hint: []string{"-c", "3"}}},
		Positionals: upTo(1, ArgText),
	}
}

func netPolicies() map[string]CommandPolicy {
	return map[string]CommandPolicy{
		// ping runs until stopped unless told how many packets to send;
		// ping6 (macOS, FreeBSD, older Linux) reads the same argv.
		"ping":  pingPolicy(),
		"ping6": pingPolicy(),

		// curl: GET and HEAD to http(s) URLs, output to stdout only.
		"curl": {
			Abbrev: true,
			Flags: with(bools(
				"-I,--head", "-s,--silent", "-S,--show-error", "-L,--location", "-i,--include", "-v,--verbose",
				"-f,--fail", "--fail-with-body", "--fail-early", "-k,--insecure", "--compressed", "-4,--ipv4",
				"-6,--ipv6", "--http1.0", "--http1.1", "--http2", "--http2-prior-knowledge", "--http3",
				"-#,--progress-bar", "--no-progress-meter", "-N,--no-buffer", "--raw", "--tr-encoding",
				"-g,--globoff", "--path-as-is", "--tcp-nodelay", "--no-keepalive", "--no-sessionid",
				"-G,--get", "-q,--disable", "--trace-time", "--suppress-connect-headers", "--styled-output",
				"--no-styled-output", "--ssl-no-revoke", "-V,--version", "-h,--help",
			), flagSet{
				"-m,--max-time|--connect-timeout":   num(0, 300),
				"--retry":                           num(0, 5),
				"--retry-delay|--retry-max-time":    num(0, 60),
				"--max-redirs":                      num(-1, 50),
				"--max-filesize|--limit-rate":       val(ArgSize),
				"-r,--range|--resolve|--connect-to": val(ArgText),
				"-A,--user-agent|-e,--referer":      val(ArgText),
				// @file reads headers and formats from a file; %output{}
				// makes -w write one.
				"-H,--header": {Arg: ArgText, Deny: []string{"@*"},
					Refusal: &Refusal{Detail: detailReadsOutside}},
				"-w,--write-out": {Arg: ArgText, Deny: []string{"@*", "*%output{*"}},
				"-X,--request": {Arg: ArgText, Values: []string{"GET", "HEAD"},
					Refusal: &Refusal{Detail: detailNetworkSend, Drop: true}},
				"--url": val(ArgURL),
				// The rewrite's own; a caller may narrow them to https.
				"--proto|--proto-redir": val(ArgText, "=http,https", "=https"),
				"--cacert|--capath":     val(ArgPath),
				"-o,--output": {Arg: ArgPath, Values: []string{"/dev/null", "-"},
					Refusal: &Refusal{Detail: detailWritesFiles, Drop: true}},
				"-D,--dump-header|--trace|--trace-ascii": {Arg: ArgPath, Values: []string{"-", "/dev/null"},
					Refusal: &Refusal{Detail: detailWritesFiles, Drop: true}},
			}),
			Refuse: refusals(
				refuseAll(valued(denied(detailNetworkSend)),
					"-d,--data,--data-ascii,--data-binary,--data-raw,--data-urlencode,--json,-F,--form,--form-string,-T,--upload-file",
					"-x,--proxy,--preproxy,--socks4,--socks4a,--socks5,--socks5-hostname,-Q,--quote,--mail-from,--mail-rcpt"),
				refuseAll(drop(detailWritesFiles), "-O,--remote-name,--remote-name-all,-J,--remote-header-name,--create-dirs"),
				refuseAll(valued(drop(detailWritesFiles)), "--output-dir,-c,--cookie-jar,--libcurl,--stderr,--etag-save,--hsts,--alt-svc"),
				refuseAll(valued(denied(detailReadsOutside)),
					"-K,--config,-b,--cookie,--unix-socket,--abstract-unix-socket,-E,--cert,--key,--variable,--etag-compare"),
				refuseAll(drop(detailRevealsSecrets), "-n,--netrc,--netrc-optional"),
				refuseAll(valued(denied(detailRevealsSecrets)), "--netrc-file"),
			),
			Positionals: upTo(10, ArgURL),
		},

		"netstat": {
			Abbrev: true,
			Flags: with(bools(
				"-a,--all", "-t,--tcp", "-u,--udp", "-w,--raw", "-x,--unix", "-l,--listening", "-p,--program",
				"-n,--numeric", "--numeric-hosts", "--numeric-ports", "--numeric-users", "-r,--route",
				"-i,--interfaces", "-s,--statistics", "-e,--extend", "-W,--wide", "-g,--groups",
				"-M,--masquerade", "-v,--verbose", "-o,--timers", "-N,--symbolic", "-4", "-6", "-Z,--context",
				"-T,--notrim", "--inet", "--inet6", "--ip", "-b",
			), flagSet{
				// -A takes the families on Linux and nothing on BSD (the
				// PCB column): its value is then only attached.
				"-A,--protocol": optv(ArgText),
				"-f|-j":         val(ArgText),
			}),
			Refuse:      map[string]Refusal{"-c,--continuous": drop(detailUnbounded)},
			Positionals: upTo(2, ArgText),
		},

		"lsof": {
			PlusOptions: true,
			Flags: with(bools("-n", "-P", "-l", "-t", "-a", "-w", "-V", "-b", "-h", "-U", "-N", "-R", "-K", "-X"),
				flagSet{
					"-i|-s|-F|-T|-g": optv(ArgText),
					"-p|-u|-c|-d":    val(ArgText),
					"+D|+d":          val(ArgPath),
				}),
			Refuse:      map[string]Refusal{"-r,+r": drop(detailUnbounded)},
			Positionals: pathArgs,
		},

		"ss": {
			Abbrev: true,
			Flags: with(bools(
				"-t,--tcp", "-u,--udp", "-l,--listening", "-p,--processes", "-n,--numeric", "-a,--all",
				"-s,--summary", "-x,--unix", "-w,--raw", "-4,--ipv4", "-6,--ipv6", "-e,--extended", "-i,--info",
				"-m,--memory", "-o,--options", "-H,--no-header", "-O,--oneline", "-r,--resolve", "-Z,--context",
				"-z,--contexts", "-b,--bpf", "-M,--mptcp", "-S,--sctp", "-d,--dccp", "--vsock", "-0,--packet",
				"-T,--threads", "--tipc", "--xdp", "-h,--help", "-V,--version",
			), flagSet{
				"-f,--family|-A,--query,--socket": val(ArgText),
				"-F,--filter":                     val(ArgPath),
			}),
			Refuse: map[string]Refusal{
				"-K,--kill":   drop(detailStateChange),
				"-D,--diag":   valued(drop(detailWritesFiles)),
				"-E,--events": drop(detailUnbounded),
			},
			Positionals: textArgs,
		},

		// dig: +options are words of their own, abbreviations accepted.
		"dig": {
			PlusOptions: true,
			Abbrev:      true,
			Flags: with(bools(
				"-4", "-6", "-m", "-r", "-u", "-h", "-v", "-i",
				"+short", "+noshort", "+all", "+noall", "+answer", "+noanswer", "+authority", "+noauthority",
				"+additional", "+noadditional", "+question", "+noquestion", "+stats", "+nostats", "+cmd", "+nocmd",
				"+comments", "+nocomments", "+trace", "+notrace", "+tcp", "+notcp", "+vc", "+novc", "+dnssec",
				"+nodnssec", "+multiline", "+nomultiline", "+recurse", "+norecurse", "+nssearch", "+nonssearch",
				"+identify", "+noidentify", "+ttlid", "+nottlid", "+ttlunits", "+nottlunits", "+class", "+noclass",
				"+rrcomments", "+norrcomments", "+search", "+nosearch", "+showsearch", "+defname", "+nodefname",
				"+besteffort", "+cd", "+nocd", "+ad", "+noad", "+aaflag", "+adflag", "+cdflag", "+qr", "+noqr",
				"+nsid", "+nonsid", "+cookie", "+nocookie", "+noedns", "+expire", "+onesoa", "+yaml", "+noyaml",
				"+fail", "+nofail", "+crypto", "+nocrypto", "+https", "+tls", "+idnout", "+noidnout",
			), flagSet{
				"-x|-t|-c|-q|-b|-y":            val(ArgText),
				"-p":                           num(1, 65535),
				"-k":                           val(ArgPath),
				"+time":                        {Arg: ArgNumber, Optional: true, Min: ptr(0.0), Max: ptr(30.0)},
				"+tries|+retry":                {Arg: ArgNumber, Optional: true, Min: ptr(0.0), Max: ptr(10.0)},
				"+edns|+ndots|+bufsize|+split": optv(ArgNumber),
				"+subnet":                      optv(ArgText),
			}),
			// -f FILE sends every line of a file as a query, to any
			// @server: a project's .env to a resolver of the caller's
			// choosing, in data the output never shows.
			Refuse:      map[string]Refusal{"-f": valued(drop(detailNetworkSend))},
			Positionals: textArgs,
		},
	}
}
