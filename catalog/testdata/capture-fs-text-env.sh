#!/usr/bin/env bash
# Recaptures the Linux golden inputs of the filesystem, text and environment
# parsers (find, stat, du, df, tree, grep, wc, head, tail, cat, env, pwd,
# which) from real commands on this machine: GNU coreutils, findutils and
# grep, tree, and BusyBox. It writes testdata/linux/<parser>/<case>.txt
# byte-exact and, for a new case, a <case>.json skeleton with its args;
# then run
#   go test -run Golden -update
# to fill in "expected". Review the diff: captures hold this machine's
# inode numbers, change times, block counts and mounts.
#
# Needs: coreutils, findutils, grep, tree, busybox, python3; root (it mounts
# two small tmpfs file systems for df and reads /dev). Commands run under
# the locale the Parism executor sets (C.UTF-8) and TZ=UTC.
set -euo pipefail
export LC_ALL=C.UTF-8 LANG=C.UTF-8 TZ=UTC
here=$(cd "$(dirname "$0")" && pwd)
. "$here/golden_dir.sh"
out=$here/linux
# A fixed work directory keeps paths (df's mount points, pwd) stable
# between captures.
work=/tmp/parism-capture-fs
rm -rf "$work" && mkdir -p "$work"
mnt1=$work/mnt-long
mnt2="$work/mnt with space"
cleanup() {
	umount "$mnt1" 2>/dev/null || true
	umount "$mnt2" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

json_args() {
	local a="" sep=""
	for x in "$@"; do
		a+="$sep$(printf '%s' "$x" | python3 -c 'import json,sys;print(json.dumps(sys.stdin.read()))')"
		sep=", "
	done
	printf '%s' "$a"
}

skeleton() { # <parser> <name> [args...]
	local parser=$1 name=$2
	shift 2
	if [[ ! -f $(golden_dir "$parser")/$name.json ]]; then
		printf '{\n  "args": [%s],\n  "now": "2026-11-29T12:00:00Z",\n  "location": "UTC",\n  "expected": null\n}\n' \
			"$(json_args "$@")" >"$(golden_dir "$parser")/$name.json"
	fi
}

# case_ <parser> <name> <cmd> [args...]: run cmd args here, keep stdout.
case_() {
	local parser=$1 name=$2 cmd=$3
	shift 3
	mkdir -p "$(golden_dir "$parser")"
	"$cmd" "$@" </dev/null >"$(golden_dir "$parser")/$name.txt" 2>/dev/null || true
	skeleton "$parser" "$name" "$@"
}

# stdin_ <parser> <name> <file> <cmd> [args...]: the same, reading file.
stdin_() {
	local parser=$1 name=$2 file=$3 cmd=$4
	shift 4
	mkdir -p "$(golden_dir "$parser")"
	"$cmd" "$@" <"$file" >"$(golden_dir "$parser")/$name.txt" 2>/dev/null || true
	skeleton "$parser" "$name" "$@"
}

# bb_ <parser> <name> <applet> [args...]: busybox applet args; the case's
# args are the applet's.
bb_() {
	local parser=$1 name=$2 applet=$3
	shift 3
	mkdir -p "$(golden_dir "$parser")"
	busybox "$applet" "$@" </dev/null >"$(golden_dir "$parser")/$name.txt" 2>/dev/null || true
	skeleton "$parser" "$name" "$@"
}

# ---------------------------------------------------------------- fixture
fx=$work/fixture
mkdir -p "$fx" && cd "$fx"
printf 'hello\nworld hello\n' >plain.txt
printf 'x hello at 12:30:45\nno match here\nhello: a line with a colon\n' >notes.txt
printf 'hello from a colon name\n' >'c:5:d.txt'
printf 'hello\n' >"name with spaces.txt"
printf 'hello café ☕\n' >"café ☕.txt"
touch "a -> b.txt" " leading" "trailing " 'quo"te' 'back\slash' "$(printf 'new\nline')"
mkdir -p "dir with spaces" src/util empty total
printf 'inner hello\n' >"dir with spaces/inner.txt"
printf 'package main\n\nfunc main() {\n\t// TODO: hello\n}\n' >src/main.go
printf 'package util\n\n// Hello says hello.\nfunc Hello() string { return "hello" }\n' >src/util/helper.go
printf 'a file named like du'"'"'s total line\n' >total/readme.txt
ln -s plain.txt link
ln -s "a -> b.txt" "arrow link"
ln -s /nonexistent dangling
ln -s src "src link"
mkfifo fifo
printf 'hidden\n' >.hidden
seq -f 'line %g of thirty' 1 30 >lines.txt
printf 'first\nsecond\nno newline at the end' >nonl.txt
printf 'dos line one\r\ndos line two\r\n' >crlf.txt
printf 'one\n\n\ntwo after blanks\n\tindented\n' >blanks.txt
printf 'before\n==> lines.txt <==\nafter a fake header\n' >fakeheader.txt
head -c 20000 /dev/zero | tr '\0' 'x' >big.bin
: >empty.txt
find . -mindepth 1 -not -type l -exec touch -d "2026-11-29 09:41:07" {} +
touch -h -d "2026-11-29 20:15:00" link "arrow link" dangling "src link"
touch -d "2024-03-06 10:11:12" plain.txt
touch -d "2026-11-28 18:00:00" .

# ---------------------------------------------------------------- find
case_ find dot find .
case_ find name_txt find . -name '*.txt'
case_ find print0 find . -print0
case_ find type_f_src find src -type f
case_ find dir_with_spaces find "dir with spaces" "src"
case_ find maxdepth_dirs find . -maxdepth 1 -type d
bb_ find busybox find .
case_ find none find . -name 'no such file'

# ---------------------------------------------------------------- stat
case_ stat plain stat plain.txt
case_ stat many stat link "arrow link" "name with spaces.txt" "$(printf 'new\nline')" src fifo /dev/null
case_ stat dereference stat -L link "src link"
case_ stat terse stat -t plain.txt "name with spaces.txt" /dev/null
case_ stat format stat -c '%s %Y %A %U %n' plain.txt "name with spaces.txt" "a -> b.txt"
case_ stat format_times stat -c '%i %h %y %n' plain.txt src
case_ stat format_mode stat -c '%a %u %g %G %b %B %o %d %w %F' plain.txt src fifo /dev/null
bb_ stat busybox stat plain.txt /dev/null
bb_ stat busybox_terse stat -t plain.txt "name with spaces.txt"

# ---------------------------------------------------------------- du
case_ du default du
case_ du human du -h
case_ du all_total du -ac src "dir with spaces" total
case_ du bytes_depth du -b -d 1
case_ du null du -0 -a src
case_ du inodes du --inodes -s . src
case_ du summarize du -sk src "dir with spaces" empty
bb_ du busybox du -a src

# ---------------------------------------------------------------- df
mkdir -p "$mnt1" "$mnt2"
mount -t tmpfs -o size=8m "my-very-long-filesystem-name-tmpfs" "$mnt1"
mount -t tmpfs -o size=4m "fs with space" "$mnt2"
case_ df default df / /dev/shm "$mnt1" "$mnt2"
case_ df human_type df -hT / /dev/shm "$mnt1" "$mnt2"
case_ df inodes df -i / "$mnt1" "$mnt2"
case_ df bytes df -B1 / "$mnt2"
case_ df posix df -P / "$mnt1"
case_ df total df --total / /dev/shm
case_ df all df -a /proc /sys /
bb_ df busybox_wrapped df / "$mnt1" "$mnt2"
bb_ df busybox_human df -h "$mnt1" /
umount "$mnt1" "$mnt2"

# ---------------------------------------------------------------- tree
case_ tree default tree
case_ tree all tree -a
case_ tree dirs tree -d
case_ tree level1 tree -L 1
case_ tree quoted tree -Q src .
case_ tree two_roots tree --noreport src "dir with spaces"
case_ tree missing tree "no such dir"
LC_ALL=C case_ tree ascii tree src "dir with spaces"

# ---------------------------------------------------------------- grep
case_ grep single_n grep -n hello plain.txt
case_ grep plain grep hello plain.txt
case_ grep recursive_n grep -rn hello .
case_ grep recursive_null grep -rnZ hello .
case_ grep two_files_n grep -n hello plain.txt notes.txt
case_ grep count_single grep -c hello plain.txt
case_ grep count_recursive grep -rc hello src
case_ grep files_recursive grep -rl hello .
case_ grep files_null grep -rlZ hello .
case_ grep context grep -n -C 1 colon notes.txt
case_ grep context_files grep -rn -A 1 TODO src "dir with spaces"
case_ grep byte_offset grep -nb hello notes.txt
case_ grep only_matching grep -on 'hel*o' plain.txt
case_ grep recursive_single_file grep -rn hello plain.txt
case_ grep no_match grep -n 'no such text' plain.txt
bb_ grep busybox_recursive grep -rn hello src

# ---------------------------------------------------------------- wc
case_ wc default wc plain.txt
case_ wc many wc plain.txt notes.txt "name with spaces.txt" "$(printf 'new\nline')" lines.txt
case_ wc lines wc -l lines.txt nonl.txt
case_ wc all_counts wc -lwmcL "café ☕.txt" plain.txt
stdin_ wc stdin lines.txt wc -l
bb_ wc busybox wc plain.txt lines.txt

# ---------------------------------------------------------------- head, tail, cat
case_ head n5 head -n 5 lines.txt
case_ head two_files head -3 lines.txt plain.txt
case_ head no_newline_section head -n 2 nonl.txt plain.txt
case_ head fake_header head fakeheader.txt lines.txt
bb_ head busybox head -n 2 lines.txt plain.txt
case_ tail n3 tail -n 3 lines.txt
case_ tail from28 tail -n +28 lines.txt
case_ tail verbose tail -v -n 2 plain.txt
case_ cat plain cat plain.txt notes.txt
case_ cat no_newline cat nonl.txt
case_ cat crlf cat crlf.txt
case_ cat number cat -n blanks.txt
case_ cat number_nonblank cat -b blanks.txt
case_ cat empty cat empty.txt

# ---------------------------------------------------------------- env, pwd, which
case_ env fixed env -i HOME=/root 'GREETING=hello world' "$(printf 'MULTI=line one\nline two')" EMPTY= 'EQ=a=b'
case_ env null env -0 -i HOME=/root "$(printf 'MULTI=line one\nline two')"
bb_ env busybox env -i A=1 B=2
(cd "dir with spaces" && case_ pwd spaces pwd)
(cd "src link" && case_ pwd physical pwd -P && case_ pwd logical pwd -L)
case_ which one which ls
case_ which all which -a ls sh
case_ which missing which ls no-such-command
case_ which none which no-such-command
echo "captured into catalog/parsers/*/testdata/linux"
