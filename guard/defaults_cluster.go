package guard

// Containers, clusters and forges: kubectl docker helm gh. All four use
// cobra/pflag: "-n=x" means x, no abbreviations; kubectl's and helm's
// global flags are persistent (accepted after the subcommand too), docker's
// are not.

var kubectlOutput = val(ArgText, "json", "yaml", "wide", "name", "jsonpath=*", "jsonpath-as-json=*",
	"custom-columns=*", "go-template=*")

func clusterPolicies() map[string]CommandPolicy {
	return map[string]CommandPolicy{
		"kubectl": kubectlPolicy(),
		"docker":  dockerPolicy(),
		"helm":    helmPolicy(),
		"gh":      ghPolicy(),
	}
}

func kubectlPolicy() CommandPolicy {
	cobra := func(p CommandPolicy) CommandPolicy { p.ShortEquals = true; return p }
	fileArgs := refuseAll(valued(denied(detailReadsOutside)), "-f,--filename,-k,--kustomize")
	watch := refuseAll(drop(detailUnbounded), "-w,--watch,--watch-only")
	selectors := flagSet{"-l,--selector|--field-selector": val(ArgText)}
	top := func(extra ...string) CommandPolicy {
		return cobra(CommandPolicy{
			Flags: with(bools(append([]string{"--no-headers", "--use-protocol-buffers"}, extra...)...), selectors,
				flagSet{"--sort-by": val(ArgText, "cpu", "memory")}),
			Positionals: upTo(1, ArgText),
		})
	}
	return cobra(CommandPolicy{
		Persistent: true,
		Flags: with(bools("--match-server-version", "--warnings-as-errors", "-h,--help"), flagSet{
			"-n,--namespace|--context|--cluster|--user|--request-timeout": val(ArgText),
		}),
		Subcommands: subs(map[string]CommandPolicy{
			"get": cobra(CommandPolicy{
				Flags: with(bools("-A,--all-namespaces", "--show-labels", "--show-kind", "--no-headers",
					"--ignore-not-found", "--show-managed-fields", "--allow-missing-template-keys", "--server-print"),
					selectors, flagSet{
						"-o,--output": kubectlOutput,
						"-L,--label-columns|--sort-by|--raw|--template|--subresource": val(ArgText),
						"--chunk-size": val(ArgNumber),
					}),
				Refuse:      refusals(fileArgs, watch),
				Positionals: textArgs,
			}),
			"describe": cobra(CommandPolicy{
				Flags:       with(bools("-A,--all-namespaces", "--show-events"), selectors, flagSet{"--chunk-size": val(ArgNumber)}),
				Refuse:      fileArgs,
				Positionals: textArgs,
			}),
			"logs": cobra(CommandPolicy{
				Flags: with(bools("--all-containers", "-p,--previous", "--timestamps", "--prefix", "--ignore-errors",
					"--all-pods"), selectors, flagSet{
					"--tail": num(-1, 100000),
					"--since|--since-time|-c,--container|--pod-running-timeout": val(ArgText),
					"--limit-bytes":      val(ArgSize),
					"--max-log-requests": val(ArgNumber),
				}),
				Refuse:      map[string]Refusal{"-f,--follow": replace(detailUnbounded, "--tail", "100")},
				Positionals: upTo(2, ArgText),
			}),
			"top": cobra(CommandPolicy{Subcommands: subs(map[string]CommandPolicy{
				"pod,pods,po":   top("--containers", "-A,--all-namespaces", "--sum"),
				"node,nodes,no": top("--show-capacity"),
			})}),
			"version": cobra(CommandPolicy{Flags: with(bools("--client", "--short"), flagSet{"-o,--output": val(ArgText, "json", "yaml")})}),
			"config": cobra(CommandPolicy{
				Subcommands: subs(map[string]CommandPolicy{
					"get-contexts": cobra(CommandPolicy{Flags: with(bools("--no-headers"), flagSet{"-o,--output": val(ArgText, "name")}),
						Positionals: textArgs}),
					"current-context,get-clusters,get-users": cobra(CommandPolicy{}),
				}),
				Refuse: refusals(
					refuseAll(denied(detailStateChange), "set,set-context,set-cluster,set-credentials,use-context,use,delete-context,delete-cluster,delete-user,rename-context,unset"),
					// config view redacts only token, password and the
					// certificate and key data: an auth-provider's tokens and
					// client secret, an exec plugin's env values and args are
					// printed, and -o jsonpath picks them out without the name
					// output masking would recognise. --raw and --flatten
					// print the rest.
					map[string]Refusal{"view": replace(detailRevealsSecrets, "get-contexts")}),
			}),
			"api-resources": cobra(CommandPolicy{Flags: with(bools("--namespaced", "--no-headers", "--cached"), flagSet{
				"-o,--output":         val(ArgText, "wide", "name"),
				"--verbs|--api-group": val(ArgText),
				"--sort-by":           val(ArgText, "name", "kind"),
			})}),
			"api-versions": cobra(CommandPolicy{}),
			"cluster-info": cobra(CommandPolicy{Refuse: map[string]Refusal{"dump": denied(detailWritesFiles)}}),
			"explain": cobra(CommandPolicy{Flags: with(bools("--recursive"), flagSet{
				"--api-version": val(ArgText), "-o,--output": val(ArgText, "plaintext", "plaintext-openapiv2"),
			}), Positionals: upTo(1, ArgText)}),
			"auth": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"can-i": cobra(CommandPolicy{Flags: with(bools("--list", "-A,--all-namespaces", "-q,--quiet", "--no-headers"),
						flagSet{"--subresource": val(ArgText)}), Positionals: upTo(2, ArgText)}),
					"whoami": cobra(CommandPolicy{Flags: flagSet{"-o,--output": val(ArgText, "json", "yaml")}}),
				},
				Refuse: map[string]Refusal{"reconcile": denied(detailStateChange)},
			}),
			"events": cobra(CommandPolicy{
				Flags: with(bools("-A,--all-namespaces", "--no-headers"), flagSet{
					"--for|--types": val(ArgText), "-o,--output": kubectlOutput, "--chunk-size": val(ArgNumber),
				}),
				Refuse: watch,
			}),
			"rollout": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"history": cobra(CommandPolicy{Flags: flagSet{"--revision": val(ArgNumber), "-o,--output": kubectlOutput},
						Positionals: upTo(2, ArgText)}),
				},
				Refuse: refusals(refuseAll(denied(detailStateChange), "restart,undo,pause,resume"),
					map[string]Refusal{"status": replace(detailUnbounded, "history")}),
			}),
		}),
		Refuse: refusals(
			map[string]Refusal{
				"--kubeconfig":     valued(drop(detailRunsProgram)), // exec credential plugins
				"-v,--v,--vmodule": valued(drop(detailRevealsSecrets)),
			},
			refuseAll(valued(drop(detailNetworkSend)), "-s,--server,--token,--username,--password,--tls-server-name,--as,--as-group,--as-uid"),
			refuseAll(valued(drop(detailReadsOutside)), "--certificate-authority,--client-certificate,--client-key"),
			refuseAll(valued(drop(detailWritesFiles)), "--cache-dir,--profile,--profile-output,--log-file,--log-dir"),
			// Subcommands.
			refuseAll(replace(detailStateChange, "get"),
				"delete,apply,create,replace,edit,patch,scale,set,label,annotate,autoscale,expose,taint,cordon,uncordon,drain"),
			refuseAll(denied(detailStateChange), "certificate,alpha"),
			refuseAll(denied(detailRunsProgram), "exec,attach,debug,run,diff,plugin,krew,kustomize"),
			refuseAll(denied(detailWritesFiles), "cp"),
			refuseAll(denied(detailUnbounded), "port-forward,proxy,wait"),
		),
	})
}

func dockerPolicy() CommandPolicy {
	cobra := func(p CommandPolicy) CommandPolicy { p.ShortEquals = true; return p }
	format := flagSet{"--format": val(ArgText)}
	ps := cobra(CommandPolicy{Flags: with(bools("-a,--all", "-q,--quiet", "-s,--size", "-l,--latest", "--no-trunc"),
		format, flagSet{"-n,--last": val(ArgNumber), "-f,--filter": val(ArgText)})})
	images := cobra(CommandPolicy{Flags: with(bools("-a,--all", "-q,--quiet", "--digests", "--no-trunc", "--tree"),
		format, flagSet{"-f,--filter": val(ArgText)}), Positionals: upTo(1, ArgText)})
	inspect := cobra(CommandPolicy{Flags: with(bools("-s,--size"), flagSet{
		"-f,--format": val(ArgText),
		"--type":      val(ArgText, "container", "image", "volume", "network", "node", "service", "task", "plugin", "secret", "config"),
	}), Positionals: textArgs})
	follow := map[string]Refusal{"-f,--follow": replace(detailUnbounded, "--tail", "100")}
	logs := cobra(CommandPolicy{Flags: with(bools("-t,--timestamps", "--details"),
		flagSet{"-n,--tail|--since|--until": val(ArgText)}), Refuse: follow, Positionals: upTo(1, ArgText)})
	stats := cobra(CommandPolicy{Flags: with(bools("--no-stream", "-a,--all", "--no-trunc"), format),
		Require: &Requirement{Flags: []string{"--no-stream"},
			Refusal: &Refusal{Detail: detailUnbounded, Hint: []string{"--no-stream"}}},
		Positionals: textArgs})
	top := cobra(CommandPolicy{StopAtPositional: true, Positionals: textArgs})
	port := cobra(CommandPolicy{Positionals: upTo(2, ArgText)})
	diff := cobra(CommandPolicy{Positionals: upTo(1, ArgText)})
	history := cobra(CommandPolicy{Flags: with(bools("-H,--human", "--no-trunc", "-q,--quiet"), format), Positionals: upTo(1, ArgText)})
	info := cobra(CommandPolicy{Flags: flagSet{"-f,--format": val(ArgText)}})
	inspectFmt := cobra(CommandPolicy{Flags: flagSet{"-f,--format": val(ArgText)}, Positionals: textArgs})
	lsOnly := func(extra ...string) CommandPolicy {
		return cobra(CommandPolicy{Flags: with(bools(append([]string{"-q,--quiet"}, extra...)...), format, flagSet{"-f,--filter": val(ArgText)})})
	}
	stateRefuse := func(words string) map[string]Refusal { return refuseAll(denied(detailStateChange), words) }
	containerRefuse := refusals(
		refuseAll(replace(detailStateChange, "inspect"), "rm,kill,stop,start,restart,pause,unpause,rename,update,prune"),
		refuseAll(denied(detailRunsProgram), "run,exec,attach,create,commit"),
		refuseAll(denied(detailWritesFiles), "cp,export"),
		refuseAll(denied(detailUnbounded), "wait"),
	)
	imageRefuse := refusals(
		refuseAll(replace(detailStateChange, "inspect"), "rm,rmi,tag,prune"),
		refuseAll(denied(detailStateChange), "pull,load,import"),
		refuseAll(denied(detailRunsProgram), "build"),
		refuseAll(denied(detailNetworkSend), "push"),
		refuseAll(denied(detailWritesFiles), "save"),
	)
	composeFollow := map[string]Refusal{"-f,--follow": replace(detailUnbounded, "--tail", "100")}
	compose := cobra(CommandPolicy{
		Profile: ProfileBuild,
		Flags: with(flagSet{
			"-f,--file|--project-directory|--env-file":      val(ArgPath),
			"-p,--project-name|--profile|--ansi|--progress": val(ArgText),
		}),
		Subcommands: subs(map[string]CommandPolicy{
			"ps": cobra(CommandPolicy{Flags: with(bools("-a,--all", "-q,--quiet", "--services"), format,
				flagSet{"--status|--filter": val(ArgText)}), Positionals: textArgs}),
			"ls": lsOnly("-a,--all"),
			"config": cobra(CommandPolicy{
				Flags: with(bools("--services", "--volumes", "--images", "-q,--quiet", "--no-interpolate",
					"--no-normalize", "--no-consistency", "--profiles", "--environment"),
					flagSet{"--format": val(ArgText, "yaml", "json"), "--hash": val(ArgText)}),
				Refuse:      map[string]Refusal{"-o,--output": valued(drop(detailWritesFiles))},
				Positionals: textArgs,
			}),
			"images": cobra(CommandPolicy{Flags: with(bools("-q,--quiet"), format), Positionals: textArgs}),
			"top":    cobra(CommandPolicy{Positionals: textArgs}),
			"logs": cobra(CommandPolicy{Flags: with(bools("-t,--timestamps", "--no-color", "--no-log-prefix"),
				flagSet{"-n,--tail|--since|--until|--index": val(ArgText)}), Refuse: composeFollow, Positionals: textArgs}),
			"version": cobra(CommandPolicy{Flags: with(bools("--short"), flagSet{"-f,--format": val(ArgText)})}),
		}),
		Refuse: refusals(
			refuseAll(denied(detailStateChange), "up,down,rm,stop,start,restart,kill,create,pause,unpause,scale,pull"),
			refuseAll(denied(detailRunsProgram), "run,exec,build,watch,attach"),
			refuseAll(denied(detailNetworkSend), "push"),
			refuseAll(denied(detailWritesFiles), "cp"),
			refuseAll(denied(detailUnbounded), "wait,events"),
		),
	})
	return cobra(CommandPolicy{
		Flags: with(bools("-D,--debug", "-v,--version", "--help"), flagSet{
			"-c,--context":   val(ArgText),
			"-l,--log-level": val(ArgText, "debug", "info", "warn", "error", "fatal"),
		}),
		Subcommands: subs(map[string]CommandPolicy{
			"ps":           ps,
			"images":       images,
			"inspect":      inspect,
			"logs":         logs,
			"stats":        stats,
			"top":          top,
			"port":         port,
			"diff":         diff,
			"history":      history,
			"version,info": info,
			"search": cobra(CommandPolicy{Flags: with(bools("--no-trunc"), format,
				flagSet{"--limit": val(ArgNumber), "-f,--filter": val(ArgText)}), Positionals: upTo(1, ArgText)}),
			"container": cobra(CommandPolicy{
				Subcommands: subs(map[string]CommandPolicy{
					"ls,list,ps": ps, "inspect": inspect, "logs": logs, "top": top, "port": port, "diff": diff, "stats": stats,
				}),
				Refuse: containerRefuse,
			}),
			"image": cobra(CommandPolicy{
				Subcommands: subs(map[string]CommandPolicy{"ls,list": images, "inspect": inspect, "history": history}),
				Refuse:      imageRefuse,
			}),
			"system": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"df":   cobra(CommandPolicy{Flags: with(bools("-v,--verbose"), format)}),
					"info": info,
				},
				Refuse: refusals(stateRefuse("prune"), refuseAll(denied(detailUnbounded), "events,dial-stdio")),
			}),
			"volume": cobra(CommandPolicy{
				Subcommands: subs(map[string]CommandPolicy{"ls,list": lsOnly(), "inspect": inspectFmt}),
				Refuse:      stateRefuse("create,rm,remove,prune,update"),
			}),
			"network": cobra(CommandPolicy{
				Subcommands: subs(map[string]CommandPolicy{"ls,list": lsOnly("--no-trunc"), "inspect": cobra(CommandPolicy{
					Flags: with(bools("-v,--verbose"), flagSet{"-f,--format": val(ArgText)}), Positionals: textArgs})}),
				Refuse: stateRefuse("create,rm,remove,prune,connect,disconnect"),
			}),
			"context": cobra(CommandPolicy{
				Subcommands: subs(map[string]CommandPolicy{"ls,list": lsOnly(), "show": cobra(CommandPolicy{}),
					"inspect": inspectFmt}),
				Refuse: stateRefuse("create,rm,remove,update,use,import,export"),
			}),
			"compose": compose,
		}),
		Refuse: refusals(
			map[string]Refusal{
				"-H,--host":                      valued(drop(detailNetworkSend)),
				"--config":                       valued(drop(detailRunsProgram)), // credential helpers
				"--tlscacert,--tlscert,--tlskey": valued(drop(detailReadsOutside)),
			},
			containerRefuse, imageRefuse,
			refuseAll(denied(detailStateChange), "login,logout,swarm,service,stack,node,secret,config,plugin,trust,builder,buildx,manifest,scout,init"),
			refuseAll(denied(detailUnbounded), "events"),
		),
	})
}

func helmPolicy() CommandPolicy {
	cobra := func(p CommandPolicy) CommandPolicy { p.ShortEquals = true; return p }
	out := flagSet{"-o,--output": val(ArgText, "table", "json", "yaml")}
	rev := flagSet{"--revision": val(ArgNumber)}
	release := func(extra flagSet) CommandPolicy {
		return cobra(CommandPolicy{Flags: with(rev, extra), Positionals: upTo(1, ArgText)})
	}
	// A chart named by URL would be fetched by whatever downloader plugin
	// claims the scheme: local charts and repo/chart names only.
	show := cobra(CommandPolicy{Flags: with(bools("--devel"), flagSet{"--version|--jsonpath": val(ArgText)}),
		Positionals: Positionals{Max: 1, Kind: ArgPath, Deny: []string{"*://*"},
			Refusal: &Refusal{Detail: detailRunsProgram}}})
	search := cobra(CommandPolicy{Flags: with(bools("-l,--versions", "-r,--regexp", "--devel", "--list-repo-url", "--fail-on-no-result"), out,
		flagSet{"--version": val(ArgText), "--max-col-width": val(ArgNumber)}), Positionals: upTo(1, ArgText)})
	return cobra(CommandPolicy{
		Persistent: true,
		Flags: with(bools("--debug", "-h,--help"), flagSet{
			"-n,--namespace|--kube-context": val(ArgText),
			"--burst-limit|--qps":           val(ArgNumber),
		}),
		Subcommands: subs(map[string]CommandPolicy{
			"list,ls": cobra(CommandPolicy{Flags: with(bools("-a,--all", "-A,--all-namespaces", "-d,--date",
				"-r,--reverse", "-q,--short", "--deployed", "--failed", "--pending", "--superseded", "--uninstalled",
				"--uninstalling", "--no-headers"), out, flagSet{
				"-m,--max|--offset":                       val(ArgNumber),
				"-f,--filter|-l,--selector|--time-format": val(ArgText),
			})}),
			"status":       release(with(out, bools("--show-desc", "--show-resources"))),
			"history,hist": release(with(out, flagSet{"--max": val(ArgNumber)})),
			"get": cobra(CommandPolicy{Subcommands: map[string]CommandPolicy{
				"all":      release(flagSet{"--template": val(ArgText)}),
				"values":   release(with(out, bools("-a,--all"))),
				"manifest": release(nil),
				"notes":    release(nil),
				"hooks":    release(nil),
				"metadata": release(out),
			}}),
			"version": cobra(CommandPolicy{Flags: with(bools("--short"), flagSet{"--template": val(ArgText)})}),
			"show,inspect": cobra(CommandPolicy{Subcommands: map[string]CommandPolicy{
				"chart": show, "values": show, "readme": show, "crds": show, "all": show,
			}}),
			"env": cobra(CommandPolicy{Positionals: upTo(1, ArgText)}),
			"repo": cobra(CommandPolicy{
				Subcommands: subs(map[string]CommandPolicy{"list,ls": cobra(CommandPolicy{Flags: out})}),
				Refuse:      refuseAll(denied(detailStateChange), "add,remove,rm,update,up,index"),
			}),
			"search": cobra(CommandPolicy{Subcommands: map[string]CommandPolicy{"repo": search, "hub": search}}),
			"dependency,dep": cobra(CommandPolicy{
				Subcommands: subs(map[string]CommandPolicy{"list,ls": cobra(CommandPolicy{
					Flags: flagSet{"--max-col-width": val(ArgNumber)}, Positionals: upTo(1, ArgPath)})}),
				Refuse: refuseAll(denied(detailWritesFiles), "update,up,build"),
			}),
			"plugin": cobra(CommandPolicy{
				Subcommands: subs(map[string]CommandPolicy{"list,ls": cobra(CommandPolicy{})}),
				Refuse:      refuseAll(denied(detailStateChange), "install,add,uninstall,rm,remove,update,up,package,verify"),
			}),
			"lint": cobra(CommandPolicy{
				Flags: with(bools("--strict", "--with-subcharts", "--quiet"), flagSet{
					"-f,--values":        val(ArgPath),
					"--set|--set-string": val(ArgText),
				}),
				Refuse:      refuseAll(valued(denied(detailReadsOutside)), "--set-file,--set-json"),
				Positionals: pathArgs,
			}),
		}),
		Refuse: refusals(
			map[string]Refusal{
				"--kubeconfig": valued(drop(detailRunsProgram)),
				"--kube-apiserver,--kube-token,--kube-as-user,--kube-as-group":            valued(drop(detailNetworkSend)),
				"--kube-ca-file,--registry-config,--repository-config,--repository-cache": valued(drop(detailReadsOutside)),
				"--post-renderer": valued(denied(detailRunsProgram)),
			},
			refuseAll(replace(detailStateChange, "status"), "uninstall,delete,del,un,rollback"),
			refuseAll(denied(detailStateChange), "install,upgrade,test,registry"),
			refuseAll(denied(detailWritesFiles), "create,package,pull,fetch"),
			refuseAll(denied(detailNetworkSend), "push"),
		),
	})
}

func ghPolicy() CommandPolicy {
	cobra := func(p CommandPolicy) CommandPolicy { p.ShortEquals = true; return p }
	repo := flagSet{"-R,--repo": val(ArgText)}
	jsonOut := flagSet{"--json|-q,--jq|-t,--template": val(ArgText)}
	limit := flagSet{"-L,--limit": num(1, 1000)}
	web := map[string]Refusal{"-w,--web": drop(detailRunsProgram)}
	view := func(extra flagSet) CommandPolicy {
		return cobra(CommandPolicy{Flags: with(repo, jsonOut, extra), Refuse: web, Positionals: upTo(1, ArgText)})
	}
	list := func(extra flagSet) CommandPolicy {
		return cobra(CommandPolicy{Flags: with(repo, jsonOut, limit, extra), Refuse: web})
	}
	search := cobra(CommandPolicy{
		Flags: with(repo, jsonOut, limit, flagSet{
			"--owner|--language|--state|--sort|--order|--match|--author|--label|--extension|--filename|--created|--updated|--visibility|--assignee": val(ArgText),
		}),
		Refuse:      web,
		Positionals: textArgs,
	})
	return cobra(CommandPolicy{
		Flags: bools("--version", "--help"),
		Subcommands: subs(map[string]CommandPolicy{
			"pr": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"list": list(with(bools("-d,--draft"), flagSet{
						"-s,--state": val(ArgText, "open", "closed", "merged", "all"),
						"-a,--assignee|-A,--author|-B,--base|-H,--head|-l,--label|-S,--search|--app": val(ArgText),
					})),
					"view":   view(bools("-c,--comments")),
					"status": list(bools("-c,--conflict-status")),
					"diff": cobra(CommandPolicy{Flags: with(repo, bools("--name-only", "--patch"),
						flagSet{"--color": val(ArgText, "always", "never", "auto")}), Refuse: web, Positionals: upTo(1, ArgText)}),
					"checks": cobra(CommandPolicy{Flags: with(repo, jsonOut, bools("--required", "--fail-fast")),
						Refuse: refusals(web, map[string]Refusal{"--watch": drop(detailUnbounded)}), Positionals: upTo(1, ArgText)}),
				},
				Refuse: refusals(
					refuseAll(replace(detailStateChange, "view"), "merge,close,edit,comment,ready,reopen,review,lock,unlock"),
					refuseAll(denied(detailStateChange), "create,new,checkout,co,revert,update-branch"),
				),
			}),
			"issue": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"list": list(flagSet{
						"-s,--state": val(ArgText, "open", "closed", "all"),
						"-a,--assignee|-A,--author|-l,--label|--mention|-m,--milestone|-S,--search|--app": val(ArgText),
					}),
					"view":   view(bools("-c,--comments")),
					"status": list(nil),
				},
				Refuse: refusals(
					refuseAll(replace(detailStateChange, "view"), "close,edit,comment,reopen,lock,unlock,pin,unpin,delete,transfer"),
					refuseAll(denied(detailStateChange), "create,new,develop"),
				),
			}),
			"repo": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"view": view(flagSet{"-b,--branch": val(ArgText)}),
					"list": cobra(CommandPolicy{Flags: with(jsonOut, limit, bools("--archived", "--no-archived", "--fork", "--source"),
						flagSet{"--visibility|-l,--language|--topic": val(ArgText)}), Positionals: upTo(1, ArgText)}),
				},
				Refuse: refusals(
					refuseAll(denied(detailWritesFiles), "clone"),
					refuseAll(denied(detailStateChange), "create,new,delete,fork,edit,rename,archive,unarchive,sync,set-default,deploy-key,autolink"),
				),
			}),
			"run": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"list": cobra(CommandPolicy{Flags: with(repo, jsonOut, limit, bools("-a,--all"),
						flagSet{"-w,--workflow|-b,--branch|-s,--status|-e,--event|-u,--user|-c,--commit|--created": val(ArgText)})}),
					"view": cobra(CommandPolicy{Flags: with(repo, jsonOut, bools("--log", "--log-failed", "-v,--verbose", "--exit-status"),
						flagSet{"-j,--job": val(ArgText), "-a,--attempt": val(ArgNumber)}), Refuse: web, Positionals: upTo(1, ArgText)}),
				},
				Refuse: refusals(
					refuseAll(denied(detailUnbounded), "watch"),
					refuseAll(denied(detailStateChange), "rerun,cancel,delete"),
					refuseAll(denied(detailWritesFiles), "download"),
				),
			}),
			"workflow": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"list": list(bools("-a,--all")),
					"view": view(with(bools("-y,--yaml"), flagSet{"-r,--ref": val(ArgText)})),
				},
				Refuse: refuseAll(denied(detailStateChange), "run,enable,disable"),
			}),
			"release": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"list": list(with(bools("--exclude-drafts", "--exclude-pre-releases"), flagSet{"-O,--order": val(ArgText, "asc", "desc")})),
					"view": view(nil),
				},
				Refuse: refusals(
					refuseAll(denied(detailWritesFiles), "download"),
					refuseAll(denied(detailStateChange), "create,delete,delete-asset,edit,upload"),
				),
			}),
			"search": cobra(CommandPolicy{Subcommands: map[string]CommandPolicy{
				"issues": search, "prs": search, "repos": search, "code": search, "commits": search,
			}}),
			"auth": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{
					"status": cobra(CommandPolicy{Flags: with(bools("-a,--active"), flagSet{"-h,--hostname": val(ArgText)}),
						Refuse: map[string]Refusal{"-t,--show-token": drop(detailRevealsSecrets)}}),
				},
				Refuse: refusals(
					refuseAll(denied(detailStateChange), "login,logout,refresh,setup-git,switch"),
					refuseAll(denied(detailRevealsSecrets), "token"),
				),
			}),
			// gh api: GET only; fields and input make it send (and POST).
			"api": cobra(CommandPolicy{
				Flags: with(bools("--paginate", "--slurp", "-i,--include", "--silent", "--verbose"), flagSet{
					"-q,--jq|-t,--template|--cache|--hostname|-p,--preview": val(ArgText),
					"-X,--method": {Arg: ArgText, Values: []string{"GET"}, Refusal: &Refusal{Detail: detailNetworkSend, Drop: true}},
				}),
				Refuse:      refuseAll(valued(denied(detailNetworkSend)), "-f,--raw-field,-F,--field,--input,-H,--header"),
				Positionals: upTo(1, ArgText),
			}),
			"status": cobra(CommandPolicy{Flags: flagSet{"-o,--org|-e,--exclude": val(ArgText)}}),
			"label": cobra(CommandPolicy{
				Subcommands: map[string]CommandPolicy{"list": list(flagSet{"-S,--search|--sort|--order": val(ArgText)})},
				Refuse:      refuseAll(denied(detailStateChange), "create,edit,delete,clone"),
			}),
		}),
		Refuse: refusals(
			refuseAll(denied(detailRunsProgram), "browse,codespace,cs,extension,ext,copilot,alias"),
			refuseAll(denied(detailRevealsSecrets), "secret,variable"),
			refuseAll(denied(detailStateChange), "ssh-key,gpg-key,config,cache,attestation,ruleset,project,gist,org"),
		),
	})
}
