#!/usr/bin/env bash
# Recaptures the Linux golden inputs of the ls, git-status and ps parsers
# from real commands on this machine (GNU coreutils, BusyBox, git, procps).
# It writes testdata/linux/<parser>/<case>.txt byte-exact and, for a new
# case, a <case>.json skeleton with its args; then run
#   go test -run Golden -update
# to fill in "expected". Review the diff before committing: captures hold
# this machine's inode numbers, dates, users and processes.
#
# Needs: coreutils, busybox, acl (setfacl), git, procps. Run as root (ACLs,
# reading /dev) from anywhere: paths are relative to this script.
set -euo pipefail
export LC_ALL=C TZ=UTC
here=$(cd "$(dirname "$0")" && pwd)
. "$here/golden_dir.sh"
out=$here/linux
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# case <parser> <name> <cmd> [args...]: run cmd args in the current
# directory, write the output, and a json skeleton whose args are the args.
case_() {
	local parser=$1 name=$2 cmd=$3
	shift 3
	mkdir -p "$(golden_dir "$parser")"
	"$cmd" "$@" >"$(golden_dir "$parser")/$name.txt" || true
	if [[ ! -f $(golden_dir "$parser")/$name.json ]]; then
		local a="" sep=""
		for x in "$@"; do a+="$sep$(printf '%s' "$x" | python3 -c 'import json,sys;print(json.dumps(sys.stdin.read()))')"; sep=", "; done
		printf '{\n  "args": [%s],\n  "now": "2026-11-29T12:00:00Z",\n  "location": "UTC",\n  "expected": null\n}\n' "$a" >"$(golden_dir "$parser")/$name.json"
	fi
}

# ---------------------------------------------------------------- ls
fx=$work/fixture
mkdir -p "$fx" && cd "$fx"
echo hello >plain.txt
head -c 5000 /dev/zero | tr '\0' x >big.bin
head -c 3500000 /dev/zero >large.bin
mkdir "dir with spaces" sticky && chmod 1777 sticky
echo inner >"sticky/inner file.txt" && touch -d "2026-11-20 08:00:00" "sticky/inner file.txt"
touch "name with  two  spaces.txt" "café ☕.txt" "a -> b.txt" " leading" "trailing " 'quo"te' 'back\slash'
touch "$(printf 'new\nline')" "$(printf 'tab\there')"
ln -s plain.txt link
ln -s "dir with spaces" "link to dir"
ln -s /nonexistent dangling
ln -s "a -> b.txt" "arrow link"
mkfifo fifo
python3 -c 'import socket;socket.socket(socket.AF_UNIX).bind("sock")'
touch exec.sh setuid setgid && chmod 755 exec.sh && chmod 4755 setuid && chmod 2755 setgid
touch acl.txt && setfacl -m u:nobody:r acl.txt
touch recent.txt old.txt future.txt dec.txt
touch -d "2026-09-15 09:23:45.123456789" recent.txt
touch -d "2024-03-06 10:11:12" old.txt
touch -d "2027-01-01 00:00:00" future.txt
touch -d "2025-12-20 10:00:00" dec.txt
for f in plain.txt big.bin large.bin "dir with spaces" sticky "name with  two  spaces.txt" "café ☕.txt" "a -> b.txt" " leading" "trailing " 'quo"te' 'back\slash' "$(printf 'new\nline')" "$(printf 'tab\there')" fifo sock exec.sh setuid setgid acl.txt; do
	touch -h -d "2026-11-29 09:41:07.5" "$f"
done
touch -h -d "2026-11-29 20:15:00" link "link to dir" dangling "arrow link"
touch -d "2026-11-28 18:00:00" .

case_ ls long ls -l
case_ ls long_all ls -la
case_ ls human ls -lh
case_ ls full_time ls -l --full-time
case_ ls long_iso ls -l --time-style=long-iso
case_ ls iso ls -l --time-style=iso
case_ ls inode_blocks ls -lis
case_ ls numeric ls -ln
case_ ls group_only ls -lg
case_ ls no_owner_group ls -lgo
case_ ls quoted ls -lQ
case_ ls plain ls
case_ ls one_per_line ls -1
case_ ls one_slash_quoted ls -1pQ
case_ ls one_inode ls -1i
case_ ls one_size_human ls -1sh
case_ ls busybox_long busybox ls -la
case_ ls busybox_full_time busybox ls -l --full-time
case_ ls recursive ls -lR "dir with spaces" sticky
case_ ls operands ls -l plain.txt "dir with spaces" sticky
case_ ls devices ls -l /dev/null /dev/zero /dev/tty /dev/tty1 /dev/loop0 /dev/vda /dev/random
case_ ls busybox_devices busybox ls -l /dev/null /dev/zero /dev/tty /dev/loop0
mkdir -p "$work/empty"
(cd "$work/empty" && case_ ls empty_long ls -l && case_ ls empty_plain ls)
# Entries whose stat failed: a directory readable but not searchable.
mkdir -p "$work/noperm/inner" && touch "$work/noperm/inner/f" && ln -s f "$work/noperm/inner/l"
chmod 744 "$work/noperm/inner" && chmod 755 "$work/noperm" "$work"
su nobody -s /bin/sh -c "ls -l $work/noperm/inner" >"$(golden_dir ls)/unknown_entries.txt" 2>/dev/null || true
[[ -f $(golden_dir ls)/unknown_entries.json ]] || printf '{\n  "args": ["-l"],\n  "now": "2026-11-29T12:00:00Z",\n  "location": "UTC",\n  "expected": null\n}\n' >"$(golden_dir ls)/unknown_entries.json"

# ---------------------------------------------------------------- git
export GIT_AUTHOR_DATE="2026-11-01T10:00:00Z" GIT_COMMITTER_DATE="2026-11-01T10:00:00Z"
export GIT_CONFIG_NOSYSTEM=1 HOME=$work/home
mkdir -p "$HOME"
g() { git -c user.name=Test -c user.email=test@example.com -c init.defaultBranch=main -c advice.detachedHead=true "$@"; }
status_cases() { # <prefix>
	case_ git-status "$1" g status
	case_ git-status "${1}_short" g status -s
	case_ git-status "${1}_porcelain_branch" g status --porcelain -b
	case_ git-status "${1}_porcelain_z" g status --porcelain=v1 -z -b
}
cd "$work"
g init -q --bare origin.git
g init -q repo && cd repo
status_cases nocommits
echo a >a.txt
g add a.txt
case_ git-status nocommits_staged g status
case_ git-status nocommits_staged_short g status -sb
echo b >"with space.txt"; echo c >"café.txt"; echo d >del.txt; echo r >rename-me.txt; echo m >mod.txt
echo x >"old -> name.txt"; echo i >ignored.log; echo '*.log' >.gitignore
g add . && g commit -qm init
g remote add origin ../origin.git && g push -q -u origin main 2>/dev/null
status_cases clean
echo x >>a.txt && g commit -qam second
g mv rename-me.txt "renamed to.txt"
g mv "old -> name.txt" "new -> name.txt"
g rm -q del.txt
echo new >"new file.txt" && g add "new file.txt"
echo mm >>mod.txt; echo cc >>café.txt; echo both >>a.txt; g add a.txt; echo again >>a.txt
echo u >"untracked ünï.txt"; echo u >'we"ird\name.txt'; echo t >"$(printf 'tab\tname')"; echo q >"a -> b"
mkdir -p sub/dir && echo s >sub/dir/x
status_cases changes
case_ git-status changes_ignored g status --ignored
case_ git-status changes_short_ignored g status -s --ignored
case_ git-status changes_untracked_no g status -uno
# behind and diverged: a second clone pushes.
g clone -q ../origin.git ../other 2>/dev/null
(cd ../other && echo o >other.txt && g add other.txt && g commit -qm other && g push -q origin main 2>/dev/null)
g stash -q -u
g fetch -q origin
case_ git-status diverged g status
case_ git-status diverged_short g status -sb
g reset -q --hard origin/main~1
case_ git-status behind g status
case_ git-status behind_porcelain g status --porcelain --branch
g reset -q --hard origin/main
g stash pop -q || true
g reset -q --hard
g clean -qfd
# a real merge conflict
g checkout -q -b topic
echo topic >a.txt; echo t >both.txt; g add . && g commit -qm topic
g checkout -q main
echo main >a.txt; echo m >both.txt; g add . && g commit -qm main-change
g merge -q topic >/dev/null 2>&1 || true
case_ git-status conflict g status
case_ git-status conflict_short g status -sb
g merge --abort
# detached HEAD
g checkout -q HEAD~1
case_ git-status detached g status
case_ git-status detached_short g status -sb
g checkout -q main
# upstream gone
g checkout -q -b gone && g push -q -u origin gone 2>/dev/null && g push -q origin --delete gone 2>/dev/null && g fetch -q --prune
case_ git-status gone g status
case_ git-status gone_short g status -sb
g checkout -q main
# a rebase stopped on a conflict
g checkout -q -b rb HEAD~1 && echo rb >a.txt && g commit -qam rb
g rebase main >/dev/null 2>&1 || true
case_ git-status rebase g status
case_ git-status rebase_short g status -sb
g rebase --abort

# ---------------------------------------------------------------- ps
mkdir -p "$work/ps fix"
printf '#!/bin/sh\nexec sleep 120\n' >"$work/ps fix/plain worker"
printf '#!/bin/sh\nsleep 120\n' >"$work/ps fix/my worker"
chmod +x "$work/ps fix/"*
pids=()
"$work/ps fix/my worker" "arg with  two spaces" "x" </dev/null >/dev/null 2>&1 &
pids+=($!)
long=$(head -c 6000 /dev/zero | tr '\0' y)
sh -c "sleep 120; : $long" </dev/null >/dev/null 2>&1 &
pids+=($!)
sleep 0.5
case_ ps aux ps aux
case_ ps ef ps -ef
case_ ps eo_comm_args ps -eo pid,ppid,user,comm,args
case_ ps el ps -el
case_ ps o_lstart ps -eo pid,lstart,etime,etimes,nice,args
case_ ps o_headerless ps -o pid=,comm= -p "${pids[0]}"
case_ ps o_comm_last ps -o pid,user,comm -p "${pids[0]}"
case_ ps plain ps
case_ ps ww_threads ps -eLf
case_ ps header_only ps -p 999999999
kill "${pids[@]}" 2>/dev/null || true
wait 2>/dev/null || true
echo "captured into catalog/parsers/*/testdata/linux"
