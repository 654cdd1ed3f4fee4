#!/usr/bin/env bash
# Recaptures the Linux inputs of the token benchmark from real commands on
# this machine: ls, ps, df, stat, git, netstat and apt list. It rewrites
# <scenario>/raw.txt only; each <scenario>/scenario.json (cmd, args, os and
# the benchmark's choices) is written by hand and left alone.
#
# Fixtures are built in a temporary directory with fixed names, sizes,
# owners and modification times, and the git repository with fixed authors
# and dates, so ls and git captures reproduce (but for inode-free details
# such as the "total" blocks line). ps, netstat and df run inside fresh
# PID, network and mount namespaces (unshare), so they show only the
# processes, sockets and mounts this script starts, not the host's.
#
# Needs: root, coreutils, util-linux (unshare, setpriv), iproute2, busybox,
# net-tools, git, python3, postgresql (initdb, postgres), apt.
# Run from anywhere:   sudo bash bench/testdata/capture-linux.sh
# then:                go tool -C tools task -d .. bench
set -euo pipefail
export LC_ALL=C TZ=UTC
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/parism-capture.XXXXXX)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

# A deterministic pseudo-random sequence (an LCG): rnd sets R.
seed=20261130
rnd() { seed=$(((seed * 1103515245 + 12345) % 2147483648)); R=$((seed / 65536)); }

now=$(date -u -d "2026-11-29 18:00:00" +%s)
owners=(root root root root www-data daemon nobody:nogroup)

# mkentry <name>: a regular file of pseudo-random size, owner and age, or
# a directory or symlink now and then.
mkentry() {
	local name=$1 kind=${2:-} size age owner
	rnd; size=$((R % 5 == 0 ? R * 37 % 48000000 : R % 180000))
	rnd; local r1=$R; rnd; local r2=$((r1 * 32768 + R))
	age=$((r2 % 5 < 3 ? r2 % (150 * 86400) : r2 % (1000 * 86400)))
	rnd; owner=${owners[R % ${#owners[@]}]}
	case $kind in
	dir) mkdir -p "$name" ;;
	link) ln -s "$3" "$name" ;;
	*) truncate -s "$size" "$name"
	   rnd; [[ $((R % 9)) == 0 ]] && chmod 755 "$name" || chmod 644 "$name" ;;
	esac
	chown -h "$owner" "$name"
	touch -h -d "@$((now - age))" "$name"
}

listing() { # listing <dir> <count> < names: dir/ for a directory, @name=>target for a symlink
	local dir=$1 count=$2 names i=0
	mapfile -t names
	while ((${#names[@]} < count)); do names+=("extra file $((++i)).txt"); done
	mkdir -p "$dir" && cd "$dir"
	for n in "${names[@]:0:count}"; do
		case $n in
		*/) mkentry "${n%/}" dir ;;
		@*) t=${n#*=>}; n=${n#@}; mkentry "${n%%=>*}" link "$t" ;;
		*) mkentry "$n" ;;
		esac
	done
	touch -d "@$((now - 3600))" . && touch -d "@$((now - 86400 * 12))" ..
	cd "$work"
}

put() { mkdir -p "$here/$1" && cat >"$here/$1/raw.txt"; }

# ------------------------------------------------------------- ls -la, 50
{
	printf '%s\n' .git/ .github/ .vscode/ .editorconfig .env.example .gitignore .dockerignore \
		Dockerfile Makefile README.md LICENSE CHANGELOG.md "CONTRIBUTING guide.md" \
		"Release Notes 2026.md" "design mockups/" "old backups/" "meeting notes - Nov 12.txt" \
		package.json package-lock.json tsconfig.json vite.config.ts jest.config.js .eslintrc.json \
		.prettierrc src/ tests/ public/ scripts/ docs/ node_modules/ dist/ coverage/ \
		"Screenshot 2026-10-03 at 14.22.51.png" "budget Q4 (draft).xlsx" "TODO list.md" \
		docker-compose.yml docker-compose.override.yml nginx.conf "api spec v2.yaml" \
		renovate.json .nvmrc yarn.lock "@current=>src" "@docs link=>docs/index.md" \
		"release checklist.md" Procfile
} | listing "$work/storefront" 48
(cd "$work/storefront" && ls -la) | put ls-la-50

# ------------------------------------------------------------ ls -la, 200
{
	for i in $(seq 1 188); do
		rnd
		case $((R % 11)) in
		0) printf 'Invoice 2026-%04d.pdf\n' $((i * 17 % 1000)) ;;
		1) printf 'IMG_%04d.JPG\n' $((4000 + i * 3)) ;;
		2) printf 'Screenshot 2026-%02d-%02d at %02d.%02d.%02d.png\n' $((i % 11 + 1)) $((i % 28 + 1)) $((8 + i % 10)) $((i * 7 % 60)) $((i * 13 % 60)) ;;
		3) printf 'Project Plan v%d (final).docx\n' "$i" ;;
		4) printf 'notes %03d.md\n' "$i" ;;
		5) printf 'scan %04d.tiff\n' $((i * 5)) ;;
		6) printf 'Quarterly Report Q%d %d.pdf\n' $((i % 4 + 1)) $((2020 + i % 7)) ;;
		7) printf 'backup-%04d.tar.gz\n' "$i" ;;
		8) printf 'photo %d - beach.jpeg\n' "$i" ;;
		9) printf 'Meeting Recording %d.m4a\n' "$i" ;;
		10) printf 'contract_%05d.pdf\n' $((i * 101)) ;;
		esac
	done | awk '!seen[$0]++'
	printf '%s\n' "Tax documents/" "Family photos 2025/" "Old laptop backup/" "Receipts/" "Travel - Japan/" \
		"@Desktop shortcut=>/home/user/Desktop" "work stuff/" "Music/" "Videos/" "Books & papers/"
} >"$work/names200"
listing "$work/Documents" 198 <"$work/names200"
(cd "$work/Documents" && ls -la) | put ls-la-200

# ------------------------------------------------------------- ls -l, 500
{
	for i in $(seq 1 500); do
		case $((i % 6)) in
		0) printf 'access.log.%d.gz\n' "$i" ;;
		1) printf 'build-%05d.tar.gz\n' $((i * 31)) ;;
		2) printf 'app-%s.log\n' "$(date -u -d "@$((now - i * 86400 / 3))" +%Y%m%d-%H%M)" ;;
		3) printf 'report_%04d.csv\n' "$i" ;;
		4) printf 'worker-%02d.pid\n' $((i % 97)) ;;
		5) printf 'cache-%08x.bin\n' $((i * 2654435761 % 4294967296)) ;;
		esac
	done | awk '!seen[$0]++' >"$work/names500"
	for i in $(seq 1 20); do printf 'shard-%02d/\n' "$i"; done
} >"$work/names500b"
cat "$work/names500b" "$work/names500" | awk '!seen[$0]++' >"$work/names500c"
listing "$work/var-log-app" 500 <"$work/names500c"
(cd "$work/var-log-app" && ls -l) | put ls-l-500

# ------------------------------------------------------------------ stat
(cd "$work/storefront" && stat "Release Notes 2026.md") | put stat-linux

# ------------------------------------------------------------------- git
repo=$work/repo
mkdir -p "$repo" && cd "$repo"
git init -q -b main
git config user.name x && git config user.email x@x
authors=("Ada Lovelace <ada@example.com>" "Grace Hopper <grace@example.com>" "Linus Pauling <linus@example.com>")
subjects=("Initial commit" "Add HTTP server skeleton" "Add config loader with TOML support" "Fix off-by-one in pager"
	"Add user guide" "Handle SIGTERM gracefully" "Bump dependencies" "Add /healthz endpoint" "Refactor storage layer into its own package"
	"Fix race in cache eviction" "Document the config file format" "Add metrics for request latency" "Retry failed uploads with backoff"
	"Remove deprecated flags" "Fix typo in README" "Add integration tests for the API" "Speed up JSON encoding of listings"
	"Validate request bodies" "Add rate limiting per client" "Prepare release 1.4.0")
for i in "${!subjects[@]}"; do
	f=$((i % 5))
	mkdir -p internal/server docs "docs/user guide"
	case $f in
	0) printf 'package main\n\n// step %d\nfunc main() { run(%d) }\n' "$i" "$i" >main.go ;;
	1) printf 'package server\n\nconst version = "1.%d.0"\n' "$i" >internal/server/server.go ;;
	2) printf '# Storefront\n\nRelease %d.\n' "$i" >README.md ;;
	3) printf 'Chapter %d\n' "$i" >>"docs/user guide/getting started.md" ;;
	4) printf 'listen = ":%d"\n' $((8000 + i)) >config.toml ;;
	esac
	git add -A
	d="2026-$(printf %02d $((i / 2 + 1)))-$(printf %02d $((i % 27 + 1)))T$(printf %02d $((9 + i % 9))):$(printf %02d $((i * 7 % 60))):00+01:00"
	body=""
	[[ $((i % 3)) == 0 ]] && body=$'\n\nThis change also updates the tests and the changelog.\nSee the design notes in docs/ for the reasoning.'
	GIT_AUTHOR_DATE=$d GIT_COMMITTER_DATE=$d git -c user.name="${authors[i % 3]% <*}" -c user.email="$(sed 's/.*<\(.*\)>/\1/' <<<"${authors[i % 3]}")" \
		commit -q -m "${subjects[i]}$body"
done
git init -q --bare "$work/origin.git" && git remote add origin "$work/origin.git"
git push -q origin HEAD~2:refs/heads/main && git fetch -q origin && git branch -q --set-upstream-to=origin/main
git log | put git-log
# Working-tree changes for git diff and git status.
printf 'package main\n\nimport "os"\n\n// step 20\nfunc main() {\n\tif err := run(20); err != nil {\n\t\tos.Exit(1)\n\t}\n}\n' >main.go
printf 'package server\n\nconst version = "1.4.0"\n\n// Name is the server name reported by /healthz.\nconst Name = "storefront"\n' >internal/server/server.go
printf '# Storefront\n\nRelease 1.4.0.\n\n## Install\n\n    go install ./...\n' >README.md
git diff | put git-diff
echo 'listen = ":9090"' >config.toml && git add config.toml
git mv "docs/user guide/getting started.md" "docs/user guide/quick start.md"
printf 'notes\n' >"meeting notes.txt" && printf 'x\n' >scratch.go && mkdir -p tmp && printf 'y\n' >tmp/out.json
git status | put git-status
cd "$work"

# ---------------------------------------------------- apt list --installed
apt list --installed 2>/dev/null | put apt-list

# ---------------------------------------- ps aux, netstat, df in namespaces
export HERE=$here
unshare --fork --pid --mount-proc --net --mount bash -s <<'NS'
set -euo pipefail
ip link set lo up
put() { mkdir -p "$HERE/$1" && cat >"$HERE/$1/raw.txt"; }
# Debian's layout for the cluster, on a tmpfs private to this namespace.
mount -t tmpfs -o size=256m tmpfs /var/lib/postgresql
mount -t tmpfs -o size=16m tmpfs /srv
mount -t tmpfs -o size=16m tmpfs /var/run/postgresql
mkdir -p /var/lib/postgresql/15/main /srv/www
chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
pgbin=/usr/lib/postgresql/15/bin
setpriv --reuid=postgres --regid=postgres --init-groups $pgbin/initdb -D /var/lib/postgresql/15/main -A trust >/dev/null
mkdir -p /srv/app
cat >/srv/app/worker.py <<'PY'
# A queue worker's sockets: a metrics listener, mDNS and NTP ports, open
# connections to postgres, the web server and a cache.
import socket, time
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.bind(("0.0.0.0", 5353))
u6 = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM); u6.bind(("::", 123))
l6 = socket.socket(socket.AF_INET6, socket.SOCK_STREAM); l6.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
l6.bind(("::", 6379)); l6.listen(16)
keep = []
for host, port in (("127.0.0.1", 5432), ("127.0.0.1", 5432), ("127.0.0.1", 8080), ("::1", 6379)):
    keep.append(socket.create_connection((host, port)))
for _ in range(3):  # short-lived requests leave TIME_WAIT sockets behind
    c = socket.create_connection(("127.0.0.1", 8080)); c.sendall(b"GET / HTTP/1.0\r\n\r\n"); c.recv(65536); c.close()
time.sleep(3600)
PY
(cd / && exec setpriv --reuid=postgres --regid=postgres --init-groups $pgbin/postgres -D /var/lib/postgresql/15/main \
	-k /var/run/postgresql -c listen_addresses='*' >/dev/null 2>&1) &
until [[ -S /var/run/postgresql/.s.PGSQL.5432 ]]; do sleep 0.2; done
(cd /srv/www && exec busybox httpd -f -p 0.0.0.0:80 -h /srv/www) &
(cd /srv/www && exec setpriv --reuid=www-data --regid=www-data --clear-groups /usr/bin/python3 -m http.server 8080 --bind 127.0.0.1 >/dev/null 2>&1) &
sleep 1
(cd / && exec /usr/bin/python3 /srv/app/worker.py >/dev/null 2>&1) &
(cd / && exec setpriv --reuid=nobody --regid=nogroup --clear-groups sleep 86400) &
(cd / && exec tail -f /dev/null) &
sleep 3
mkdir -p "$HERE/ps-aux-small" && ps aux >"$HERE/ps-aux-small/raw.txt"
netstat -tunap | put netstat-linux
mount -t tmpfs -o size=2432m,mode=755 tmpfs /run
mkdir -p /run/lock /run/user/1000
mount -t tmpfs -o size=5m tmpfs /run/lock
mount -t tmpfs -o size=2432m,mode=700 tmpfs /run/user/1000
df -h / /dev /dev/shm /run /run/lock /sys/fs/cgroup /run/user/1000 | put df-h-linux
NS
echo "captured into $here"
