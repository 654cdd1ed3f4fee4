#!/usr/bin/env bash
# Recaptures the Linux golden inputs of the git-blame, git-ls-files,
# git-tag, git-stash, git-worktree, git-rev-parse, git-config and diff
# parsers from real git and GNU diffutils on this machine. Repositories are
# built in a fixed scratch directory with fixed dates and identities, so a
# rerun with the same programs reproduces every byte (but the time git
# blame gives uncommitted lines, which is the time it runs). It writes
# testdata/linux/<parser>/<case>.txt and, for a new case, a <case>.json
# skeleton with its args; then run
#   go test -run Golden -update
# to fill in "expected", and review the diff.
#
# Needs: git, GNU diff, python3 (for the json skeletons). The scratch
# directory is /tmp/parism-gitinspect-capture.
set -euo pipefail
export LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/golden_dir.sh"
out=$here/linux
work=/tmp/parism-gitinspect-capture
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
export HOME=$work/home
mkdir -p "$HOME"

# case_ <parser> <name> <cmd> [args...]: run cmd args here, write its
# stdout, and a json skeleton whose args are the args after the command.
case_() {
	local parser=$1 name=$2
	shift 2
	mkdir -p "$(golden_dir "$parser")"
	"$@" >"$(golden_dir "$parser")/$name.txt" || true
	if [[ ! -f $(golden_dir "$parser")/$name.json ]]; then
		shift # the command (g, diff)
		local a="" sep=""
		for x in "$@"; do a+="$sep$(printf '%s' "$x" | python3 -c 'import json,sys;print(json.dumps(sys.stdin.read()))')"; sep=", "; done
		printf '{\n  "args": [%s],\n  "now": "2026-11-29T12:00:00Z",\n  "location": "UTC",\n  "expected": null\n}\n' "$a" >"$(golden_dir "$parser")/$name.json"
	fi
}

t=1793527200 # 2026-11-01T10:00:00Z
tick() { t=$((t + 3600)); export GIT_AUTHOR_DATE="@$t +0000" GIT_COMMITTER_DATE="@$t +0000"; }
g() { git -c user.name="Test User" -c user.email=test@example.com -c init.defaultBranch=main -c core.quotePath=true "$@"; }
gz() { g -c user.name="Zoë Ünicode" -c user.email=zoe@example.org "$@"; }

cd "$work"
tick
g init -q repo && cd repo
tick; printf 'one\ntwo\nthree\n' >a.txt; g add .; g commit -qm "Initial commit"
tick; printf 'one\nTWO\nthree\nfour\n' >a.txt; echo x >"café.txt"; g add .; gz commit -qm "Ünicode change"
tick; g mv a.txt "b with space.txt"; g commit -qm "Rename a.txt"
g tag v0.1
tick; printf 'alpha\n\nbeta\ttab\n' >notes.md; printf '\000\001' >bin.dat; g add .; g commit -qm "Add notes" -m "A body line."
g tag -a v1.0 -m "Release 1.0" -m "Second paragraph of the tag."
tick; g tag -a v1.1 -m "Release 1.1: fixes
with a second line" -m "Body."
tick; g tag "release/2026-11"
: >empty.txt; g add empty.txt; tick; g commit -qm "Add an empty file"
touch -d @1796166000 "b with space.txt"

# ---------------------------------------------------------------- blame
echo five >>"b with space.txt"
touch -d @1796166000 "b with space.txt"
case_ git-blame porcelain g blame --porcelain "b with space.txt"
case_ git-blame line_porcelain g blame --line-porcelain "b with space.txt"
case_ git-blame porcelain_unicode_name g blame -p "café.txt"
case_ git-blame porcelain_range g blame --porcelain -L 2,3 HEAD -- "b with space.txt"
case_ git-blame empty_file g blame --porcelain empty.txt
case_ git-blame root_line_porcelain g blame --line-porcelain --root notes.md
case_ git-blame default_refused g blame notes.md
g checkout -q -- "b with space.txt"

# ---------------------------------------------------------------- ls-files
printf 'new\n' >untracked.txt; mkdir -p "dir x"; echo y >"dir x/ü.txt"
echo changed >>notes.md; rm empty.txt
case_ git-ls-files cached g ls-files
case_ git-ls-files stage g ls-files -s
case_ git-ls-files others g ls-files -o
case_ git-ls-files others_exclude_standard g ls-files --others --exclude-standard
case_ git-ls-files modified g ls-files -m
case_ git-ls-files deleted g ls-files -d
case_ git-ls-files tags g ls-files -t -m -d -o
case_ git-ls-files null g ls-files -z
case_ git-ls-files stage_null g ls-files -s -z
case_ git-ls-files none_matched g ls-files -- "no-such-*"
case_ git-ls-files eol_refused g ls-files --eol
g checkout -q -- notes.md empty.txt
rm -rf untracked.txt "dir x"

# an unmerged path: the index holds stages 1, 2 and 3
g checkout -q -b side HEAD~1
tick; printf 'alpha\nside\n' >notes.md; g commit -qam "side edit"
g checkout -q main
tick; printf 'alpha\nmain\n' >notes.md; g commit -qam "main edit"
g merge -q side >/dev/null 2>&1 || true
case_ git-ls-files unmerged g ls-files -u
case_ git-ls-files unmerged_stage_tags g ls-files -s -t
g merge --abort
g reset -q --hard HEAD~1
g branch -q -D side

# ---------------------------------------------------------------- tag
case_ git-tag list g tag
case_ git-tag list_pattern g tag -l "v1*"
case_ git-tag annotations g tag -n
case_ git-tag annotations_3 g tag -n3
case_ git-tag none g tag -l "nothing*"
case_ git-tag sorted g tag --sort=-creatordate
case_ git-tag format_name_subject g tag --format="%(refname:short) %(subject)"
case_ git-tag format_nul g tag --sort=-creatordate --format="%(refname:short)%00%(objectname:short)%00%(objecttype)%00%(creatordate:iso-strict)%00%(subject)"
case_ git-tag format_none g tag -l "nothing*" --format="%(refname)"
case_ git-tag format_refused g tag --format="%(subject) %(refname:short)"

# ---------------------------------------------------------------- stash
case_ git-stash empty g stash list
tick; echo s1 >>notes.md; g stash -q
tick; echo s2 >>notes.md; g stash push -q -m "work in progress: half done"
g checkout -q --detach HEAD~1
tick; echo s3 >>"b with space.txt"; g stash -q
g checkout -q main
g checkout -q -b "feature/ü"
tick; echo s4 >>notes.md; g stash push -q -m ""
g checkout -q main
case_ git-stash list g stash list
case_ git-stash list_n g stash list -n 2
case_ git-stash date_refused g stash list --date=relative

# ---------------------------------------------------------------- worktree
case_ git-worktree single g worktree list
case_ git-worktree single_porcelain g worktree list --porcelain
g worktree add -q "../wt with space" -b wt-branch
g worktree add -q --detach ../wt-detached HEAD~2
g worktree add -q ../wt-locked -b locked-branch
g worktree lock --reason "on a USB disk" ../wt-locked
g worktree add -q ../wt-gone -b gone-branch
rm -rf ../wt-gone
case_ git-worktree several g worktree list
case_ git-worktree several_porcelain g worktree list --porcelain
case_ git-worktree several_porcelain_z g worktree list --porcelain -z
case_ git-worktree verbose_refused g worktree list -v
cd .. && g clone -q --bare repo bare.git && cd bare.git
case_ git-worktree bare g worktree list
case_ git-worktree bare_porcelain g worktree list --porcelain
cd ../repo

# ---------------------------------------------------------------- rev-parse
case_ git-rev-parse head g rev-parse HEAD
case_ git-rev-parse abbrev_ref g rev-parse --abbrev-ref HEAD
case_ git-rev-parse toplevel_gitdir g rev-parse --show-toplevel --git-dir --is-inside-work-tree
case_ git-rev-parse short g rev-parse --short HEAD
case_ git-rev-parse two_revs g rev-parse HEAD v1.0
case_ git-rev-parse range g rev-parse HEAD~2..HEAD
case_ git-rev-parse prefix_top g rev-parse --show-prefix
mkdir -p sub && cd sub
case_ git-rev-parse prefix_sub g rev-parse --show-prefix --show-cdup
cd "$work/repo"
case_ git-rev-parse verify_missing g rev-parse --verify -q refs/heads/nope
case_ git-rev-parse all g rev-parse --all
case_ git-rev-parse superproject_none g rev-parse --show-superproject-working-tree --show-toplevel

# a SHA-256 repository: 64-digit object names
(
	cd "$work" && g init -q --object-format=sha256 sha && cd sha
	tick; printf 'x\ny\n' >s.txt; g add .; g commit -qm "sha256 commit"
	case_ git-blame sha256_porcelain g blame --porcelain s.txt
	case_ git-ls-files sha256_stage g ls-files -s
	case_ git-rev-parse sha256_head g rev-parse HEAD
)

# ---------------------------------------------------------------- log --pretty=reference/raw
(
	cd "$work" && g init -q logs && cd logs
	tick; echo a >a; g add .; g commit -qm "first (a, b), then"
	tick; g checkout -q -b f; echo b >b; g add .; GIT_AUTHOR_DATE="@$t -0130" gz commit -qm "feature" -m "body line 1
  indented

second paragraph"
	tick; g checkout -q main; echo c >c; g add .; g commit -q --allow-empty-message -m ""
	tick; g merge -q --no-ff f -m "Merge f"
	g tag v1
	tick; g notes add -m "a note" HEAD
	case_ git-log pretty_reference g log --pretty=reference
	case_ git-log format_reference_n2 g log --format=reference -n 2
	case_ git-log pretty_raw g log --pretty=raw
	case_ git-log pretty_raw_decorate g log --pretty=raw --decorate -n 2
	case_ git-log pretty_raw_none g log --pretty=raw nothing..HEAD -- no-such-path
	case_ git-log pretty_reference_iso_refused g log --pretty=reference --date=iso
	case_ git-log pretty_raw_stat_refused g log --pretty=raw --stat -n 1
)

# ---------------------------------------------------------------- config
g config core.editor "vim -u NONE"
g config remote.origin.url "https://example.com/a b.git"
g config --add remote.origin.fetch "+refs/heads/*:refs/remotes/origin/*"
g config alias.lg "log --oneline --graph=x"
g config "url.https://example.com/a=b/.insteadOf" "ex:"
g config branch.main.description "line one
line two"
printf '[x]\n\tflag\n' >>.git/config
git config --global user.name "Global User"
case_ git-config list g config --list
case_ git-config list_local_z g config --local --list -z
case_ git-config origin_scope g config --list --show-origin --show-scope
case_ git-config origin_scope_z g config -l --show-origin --show-scope -z
case_ git-config name_only g config --list --name-only --local
case_ git-config get g config --get remote.origin.url
case_ git-config get_multiline g config --get branch.main.description
g config --unset branch.main.description
case_ git-config list_plain g config --list --local
case_ git-config origin_scope_plain g config --list --show-origin --show-scope
cd "$work" && mkdir -p norepo && cd norepo
case_ git-config global_only g config --list --global
: >"$HOME/.gitconfig"
case_ git-config empty g config --list --global
cd "$work/repo"

# ---------------------------------------------------------------- diff (GNU)
mkdir -p "$work/d/old/sub" "$work/d/new/sub" && cd "$work/d"
printf 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n' >old/f.txt
printf 'a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n' >new/f.txt
printf 'same\n' >old/same.txt; cp old/same.txt new/same.txt
printf 'no newline' >old/nonl.txt; printf 'no newline, changed' >new/nonl.txt
printf 'gone\n' >old/sub/only-old.txt
printf 'new file\n' >"new/sub/only new é.txt"
printf '\000\001' >old/b.bin; printf '\000\002' >new/b.bin
printf -- '--- not a header\n++ x\n' >old/dash.txt; printf -- '--- not a header\n+++ y\n' >new/dash.txt
touch -d @1793527200 old/* old/sub/* new/* new/sub/*
case_ diff unified diff -u old/f.txt new/f.txt
case_ diff unified_u1 diff -U1 old/f.txt new/f.txt
case_ diff no_newline diff -u old/nonl.txt new/nonl.txt
case_ diff dash_lines diff -u old/dash.txt new/dash.txt
case_ diff same diff -u old/same.txt new/same.txt
case_ diff recursive diff -ru old new
case_ diff recursive_new_file diff -ruN old new
case_ diff labels diff -u --label before --label after old/f.txt new/f.txt
case_ diff brief diff -rq old new
case_ diff normal_refused diff old/f.txt new/f.txt
case_ diff show_function diff -u -p old/f.txt new/f.txt
echo "captured into catalog/parsers/*/testdata/linux"
