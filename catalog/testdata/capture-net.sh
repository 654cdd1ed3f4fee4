#!/usr/bin/env bash
# Recaptures the Linux golden inputs added for the network parsers' flag
# pass (issue 16): ping -p/-A/-I/-b/-D forms and its failures, ping6, ss
# -e/-i/-m and -tulpen, netstat with user names and -A inet,inet6, lsof
# -R/-g/-l, ip -brief and -oneline, dig with several names, +qr, +dnssec,
# +nsid and timeouts. It writes <out>/<parser>/<case>.txt (out defaults to
# testdata/linux; set OUT to capture elsewhere and compare); the .json
# beside each case already holds its args (pids, ports and inodes in them
# change: edit the -p values), then
#   go test -run Golden -update
# fills in "expected". Review the diff.
#
# Traffic stays on the machine: a private network namespace (unshare -n)
# with a veth pair nobody answers behind (Destination Host Unreachable,
# no answer yet, DNS timeouts), dnsmasq on 127.0.0.1:5353, listeners on
# loopback owned by nobody.
#
# Needs (Debian 12): iputils-ping iproute2 net-tools lsof bind9-dnsutils
# dnsmasq-base python3 util-linux busybox. Run as root.
set -euo pipefail
export LC_ALL=C TZ=UTC
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$(mktemp -d)} # then copy each <parser>/ into its package: catalog/parsers/<package>/testdata/linux/
for p in ping ping6 ss netstat lsof ip-addr dig; do mkdir -p "$out/$p"; done
work=$(mktemp -d)
chmod 755 "$work" # the listener runs as nobody
trap 'rm -rf "$work"' EXIT
cat >"$work/listen.py" <<'EOF'
import socket, signal
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", 18080)); s.listen()
s6 = socket.socket(socket.AF_INET6); s6.bind(("::1", 18443)); s6.listen()
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.bind(("127.0.0.1", 15353))
c = socket.create_connection(("127.0.0.1", 18080)); a, _ = s.accept()
print("ready", flush=True)
signal.pause()
EOF

unshare -n bash -s "$out" "$work" <<'EOS'
set -euo pipefail
out=$1 work=$2
ip link set lo up
ip link add v0 type veth peer name v1
ip addr add 203.0.113.1/24 dev v0
ip -6 addr add 2001:db8::1/64 dev v0 nodad
ip link set v0 up; ip link set v1 up
sleep 1

# ping: options that keep the form, and the failures.
ping -c 2 -i 0.2 -p ff -s 100 -A 127.0.0.1 >"$out/ping/pattern_adaptive.txt"
ping -c 2 -D -W 1 -i 0.2 -I lo 127.0.0.1 >"$out/ping/stamp_iface.txt"
ping -c 2 -i 0.2 -I 127.0.0.1 127.0.0.1 >"$out/ping/source_addr.txt"
ping -b -c 2 -i 0.2 -t 32 -4 127.0.0.1 >"$out/ping/broadcast_ttl.txt"
ping -c 4 -i 0.5 -O 203.0.113.9 >"$out/ping/unreachable_pipe.txt" || true
ping -D -c 3 -i 0.3 -w 1 203.0.113.9 >"$out/ping/deadline_no_reply.txt" || true
busybox ping -c 2 -p ab -s 64 -W 1 127.0.0.1 >"$out/ping/busybox_pattern.txt"
busybox ping -c 2 -W 1 203.0.113.9 >"$out/ping/busybox_no_reply.txt" || true
busybox ping -q -c 2 ::1 >"$out/ping/busybox_quiet_ipv6.txt"
ping6 -c 2 -i 0.2 ::1 >"$out/ping6/loopback.txt"
ping6 -q -c 2 -i 0.2 ::1 >"$out/ping6/quiet.txt"
ping6 -c 3 -i 0.5 2001:db8::9 >"$out/ping6/unreachable.txt" || true

# ip: -brief and -oneline.
ip -br addr >"$out/ip-addr/brief_veth.txt"
ip -o -4 addr >"$out/ip-addr/oneline_ipv4_veth.txt"
ip -o addr >"$out/ip-addr/oneline.txt"
cp "$out/ip-addr/oneline.txt" "$out/ip-addr/oneline_max_items.txt"
ip -brief -6 address show >"$out/ip-addr/brief_ipv6.txt"
ip -br addr >"$out/ip-addr/brief.txt"
ip -oneline link >"$out/ip-addr/oneline_link.txt"

# Sockets owned by nobody.
setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 "$work/listen.py" >"$work/ready" &
srv=$!
for i in $(seq 20); do grep -q ready "$work/ready" && break; sleep 0.2; done
ss -tulpen >"$out/ss/tulpen.txt"
ss -tulnp >"$out/ss/tulnp.txt"
ss -te >"$out/ss/extended.txt"
ss -ti >"$out/ss/info.txt"
cp "$out/ss/info.txt" "$out/ss/info_max_items.txt"
ss -tm >"$out/ss/memory.txt"
ss -tiem >"$out/ss/info_memory_extended.txt"
ss -uam >"$out/ss/udp_memory.txt"
ss -xae >"$out/ss/unix_extended.txt"
netstat -tuape >"$out/netstat/tuape_names.txt"
netstat -tulpe >"$out/netstat/tulpe_names.txt"
netstat -A inet,inet6 -an >"$out/netstat/protocol_inet.txt"
lsof -R -g -a -p "$srv" -i -n -P >"$out/lsof/ppid_pgid.txt"
lsof -l -a -p "$srv" -i -n -P >"$out/lsof/numeric_uid.txt"
lsof -a -p "$srv" -iTCP -sTCP:LISTEN -n -P >"$out/lsof/tcp_listen.txt"
kill "$srv"

# dig against dnsmasq, and a server nobody answers for.
dnsmasq --keep-in-foreground --no-resolv --no-hosts --port=5353 --listen-address=127.0.0.1 \
	--bind-interfaces --pid-file="$work/dnsmasq.pid" --local=/example.test/ \
	--host-record=web.example.test,192.0.2.10,2001:db8::10 --cname=www.example.test,web.example.test \
	--mx-host=example.test,mail.example.test,10 --host-record=mail.example.test,192.0.2.25 \
	--txt-record=example.test,"v=spf1 -all","hello world" --host-record=api.example.test,192.0.2.20 \
	--ptr-record=10.2.0.192.in-addr.arpa,web.example.test 2>/dev/null &
dns=$!
sleep 1
d() { dig @127.0.0.1 -p 5353 "$@"; }
d web.example.test api.example.test MX >"$out/dig/two_names.txt"
d web.example.test nothing.example.test -x 192.0.2.10 >"$out/dig/three_names_nxdomain.txt"
d +qr www.example.test >"$out/dig/qr.txt"
d +qr web.example.test mail.example.test >"$out/dig/qr_two_names.txt"
d +dnssec web.example.test >"$out/dig/dnssec_do.txt"
d +nsid example.test TXT >"$out/dig/nsid_none.txt"
d +noall +answer www.example.test example.test MX >"$out/dig/noall_answer_two_names.txt"
kill "$dns"
dig @203.0.113.9 +tries=1 +time=1 example.com example.org >"$out/dig/two_names_timeout.txt" 2>/dev/null || true
dig @203.0.113.9 +tries=1 +time=1 example.com >"$out/dig/timeout.txt" 2>/dev/null || true
EOS
echo "captured under $out"
