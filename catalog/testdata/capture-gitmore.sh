#!/usr/bin/env bash
# Recaptures the Linux golden inputs of the git-log, git-diff, git-show,
# git-branch and git-remote parsers from real git on this machine. It builds
# its repositories in a fixed scratch directory with fixed author/committer
# dates and identities, so a rerun with the same git reproduces every byte.
# It writes testdata/linux/<parser>/<case>.txt and, for a new case, a
# <case>.json skeleton with its args; then run
#   go test -run Golden -update
# to fill in "expected", and review the diff.
#
# Needs: git, python3 (for the json skeletons). Paths are relative to this
# script; the scratch directory is /tmp/parism-gitmore-capture.
set -euo pipefail
export LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/golden_dir.sh"
out=$here/linux
work=/tmp/parism-gitmore-capture
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
export HOME=$work/home
mkdir -p "$HOME"

# case_ <parser> <name> <cmd> [args...]: run cmd args here, write the
# output, and a json skeleton whose args are the args after "git".
case_() {
	local parser=$1 name=$2
	shift 2
	mkdir -p "$(golden_dir "$parser")"
	"$@" >"$(golden_dir "$parser")/$name.txt" || true
	if [[ ! -f $(golden_dir "$parser")/$name.json ]]; then
		shift # the command (g)
		local a="" sep=""
		for x in "$@"; do a+="$sep$(printf '%s' "$x" | python3 -c 'import json,sys;print(json.dumps(sys.stdin.read()))')"; sep=", "; done
		printf '{\n  "args": [%s],\n  "now": "2026-11-29T12:00:00Z",\n  "location": "UTC",\n  "expected": null\n}\n' "$a" >"$(golden_dir "$parser")/$name.json"
	fi
}

t=1793527200 # 2026-11-01T10:00:00Z
tick() { t=$((t + 3600)); export GIT_AUTHOR_DATE="@$t +0000" GIT_COMMITTER_DATE="@$t +0000"; }
g() { git -c user.name="Test User" -c user.email=test@example.com -c init.defaultBranch=main -c core.quotePath=true "$@"; }
gz() { git -c user.name="Zoë Ünicode" -c user.email=zoe@example.org "$@"; }

cd "$work"
tick
g init -q --bare origin.git
g init -q repo && cd repo
tick; echo a >a.txt; printf 'line1\nline2\nline3\n' >lines.txt; g add .; g commit -qm "Initial commit"
tick; echo b >"with space.txt"; echo c >"café.txt"; g add .
gz commit -qm "Add files with spaces and unicode" -m "Body paragraph one
continues here.

Second paragraph."
tick; g mv a.txt renamed.txt; g commit -qm "Rename a.txt"
tick; printf '\000\001\002' >bin.dat; printf 'one\r\ntwo\r\n' >crlf.txt; g add .; g commit -qm "Add binary and CRLF files"
g remote add origin ../origin.git
g push -q -u origin main 2>/dev/null
tick; g checkout -q -b feature; echo f >feature.txt; g add .; g commit -qm "(fix) feature work"
tick; g checkout -q main; echo m >>lines.txt; g commit -qam "Main change"
tick; g merge -q --no-ff feature -m "Merge branch 'feature'"
g tag v1.0
tick; g tag -a v1.1 -m "Release 1.1" -m "Tag body line."
tick; mkdir -p "src/old dir"; echo x >"src/old dir/file.go"; g add .; g commit -qm "Add src"
tick; g mv "src/old dir" src/new; chmod +x lines.txt; g add .; g commit -qm "Move dir, chmod"
tick; g notes add -m "a note here" HEAD
tick; g commit -q --allow-empty --allow-empty-message -m ""
tick; seq 1 500 >"numbers.txt"; printf 'one\r\nTWO\r\n' >crlf.txt; g add .; g commit -qm "Many lines" -m "Signed-off-by: Test User <test@example.com>"
tick; g checkout -q -b conflict-a HEAD~1; printf 'x\ntopic\n' >src/new/file.go; g commit -qam "topic side"
tick; g checkout -q main; printf 'x\nmain\n' >src/new/file.go; g commit -qam "main side"
tick; g merge conflict-a >/dev/null 2>&1 || true
case_ git-diff conflict_combined g diff
case_ git-diff conflict_stat g diff --stat
case_ git-diff conflict_name_status g diff --name-status
printf 'x\nresolved\n' >src/new/file.go
tick; g commit -qam "Merge branch 'conflict-a' (resolved)"

# ---------------------------------------------------------------- git log
case_ git-log oneline g log --oneline
case_ git-log oneline_decorate g log --oneline --decorate
case_ git-log medium g log
case_ git-log medium_decorate g log --decorate -n 6
case_ git-log fuller g log --pretty=fuller -n 3
case_ git-log short g log --pretty=short -n 3
case_ git-log full g log --pretty=full -n 2
case_ git-log stat g log --stat -n 6
case_ git-log oneline_stat g log --oneline --stat
case_ git-log numstat g log --numstat -n 6
case_ git-log oneline_numstat g log --oneline --numstat
case_ git-log name_status g log --name-status -n 6
case_ git-log shortstat g log --oneline --shortstat
case_ git-log patch g log -p -n 8
case_ git-log oneline_patch g log --oneline -p -n 3
case_ git-log format_x1f g log "--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1f%D"
case_ git-log format_h_s g log "--format=%h %s"
case_ git-log format_parents g log "--format=%h%x00%P%x00%ci%x00%cn%x00%s"
case_ git-log date_iso g log --date=iso -n 2
case_ git-log date_rfc g log --date=rfc -n 2
case_ git-log date_raw g log --date=raw -n 2
case_ git-log date_short g log --date=short -n 2
case_ git-log date_relative g log --date=relative -n 2
case_ git-log graph g log --graph --oneline -n 5
case_ git-log empty g log --oneline -- no-such-path

# ---------------------------------------------------------------- git show
case_ git-show stat g show --stat
case_ git-show patch g show HEAD~1
case_ git-show merge_combined g show HEAD
case_ git-show merge_stat g show --stat HEAD
case_ git-show tag g show --stat v1.1
case_ git-show name_status g show --name-status HEAD~2
case_ git-show oneline_stat g show --oneline --stat HEAD~2
case_ git-show rename_mode g show HEAD~4

# ---------------------------------------------------------------- git diff
case_ git-diff rename_mode g diff HEAD~5 HEAD~4
case_ git-diff range_stat g diff --stat HEAD~10 HEAD
case_ git-diff range_numstat g diff --numstat HEAD~10 HEAD
case_ git-diff range_name_status g diff --name-status HEAD~10 HEAD
case_ git-diff range_name_only g diff --name-only HEAD~10 HEAD
case_ git-diff range_shortstat g diff --shortstat HEAD~10 HEAD
case_ git-diff patch_with_stat g diff --patch-with-stat HEAD~4 HEAD~2
case_ git-diff unified_zero g diff -U0 HEAD~4 HEAD~2
case_ git-diff clean g diff
# worktree and index changes
printf 'line1\nchanged\nline3\nm\nnew tail' >lines.txt
echo more >>"with space.txt"
printf '\000\005' >>bin.dat
printf 'one\r\nthree\r\n' >crlf.txt
echo t >"$(printf 'tab\tname')"; echo q >'quo"te.txt'
g add "$(printf 'tab\tname')" 'quo"te.txt'
g rm -q "café.txt"
case_ git-diff worktree g diff
case_ git-diff cached g diff --cached
case_ git-diff head_stat g diff HEAD --stat
case_ git-diff head_numstat g diff HEAD --numstat
case_ git-diff head_name_status g diff HEAD --name-status
case_ git-diff head_name_only g diff HEAD --name-only
case_ git-diff head_shortstat g diff HEAD --shortstat
case_ git-diff head_stat_unquoted g -c core.quotePath=false diff HEAD --stat
case_ git-diff color_always g diff --color=always
g reset -q --hard
# renames with a common directory, spaces and unicode; a scaled --stat graph
mkdir -p "dir a/sub" very/long/directory/structure/that/goes/on/and/on/forever
echo content1234567890 >"dir a/sub/f.txt"; echo zz >x.txt; echo gone >old.txt
g add .; tick; g commit -qm "tmp"
g mv "dir a" "dir b"; g mv x.txt "ü x.txt"; echo extra >>"dir b/sub/f.txt"
seq 1 500 >very/long/directory/structure/that/goes/on/and/on/forever/and_a_very_long_file_name_here.txt
printf '1\n2\n3\n' >small.txt; seq 1 300 | sed 's/^/edited /' >numbers.txt; g rm -q old.txt
g add -A
case_ git-diff renames g diff --cached
case_ git-diff renames_stat g diff --cached --stat
case_ git-diff renames_numstat g diff --cached --numstat
case_ git-diff renames_name_status g diff --cached --name-status
g reset -q --hard

# ---------------------------------------------------------------- git branch
g checkout -q -b gone && g push -q -u origin gone 2>/dev/null && g push -q origin --delete gone 2>/dev/null
g fetch -q --prune origin
g checkout -q main
g checkout -q -b behind-branch --track origin/main 2>/dev/null
g reset -q --hard origin/main~1
g checkout -q main
g branch -q "wip/topic.v2" HEAD~2
g remote set-head origin main
g worktree add -q ../wt conflict-a 2>/dev/null
case_ git-branch plain g branch
case_ git-branch verbose g branch -v
case_ git-branch very_verbose g branch -vv
case_ git-branch all g branch -a
case_ git-branch remotes g branch -r
case_ git-branch all_very_verbose g branch -a -vv
case_ git-branch remotes_verbose g branch -r -v
case_ git-branch show_current g branch --show-current
g checkout -q HEAD~2
case_ git-branch detached_very_verbose g branch -vv
case_ git-branch detached g branch
g checkout -q main

# ---------------------------------------------------------------- git remote
mkdir -p "$work/mirror with space.git"
g remote add mirror "$work/mirror with space.git"
g remote set-url --push mirror https://example.com/push.git
g remote add upstream https://github.com/example/upstream.git
case_ git-remote plain g remote
case_ git-remote verbose g remote -v
g config remote.upstream.partialclonefilter blob:none
g config remote.upstream.promisor true
case_ git-remote verbose_filter g remote -v
case_ git-remote show g remote show
echo "captured into catalog/parsers/*/testdata/linux"
