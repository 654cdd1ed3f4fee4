#!/bin/sh
# Captures the Linux inputs of the inspection parsers (ip route, ip neigh,
# route, arp) from real commands, on Debian 12 (iproute2 6.1, net-tools
# 2.10), as root: the routes and neighbours live in a private network
# namespace (unshare -n) on two tap devices, so nothing leaves the machine.
# Writes to $1 (default /tmp/isys-cap/ns); the goldens are copies of these
# files (see testdata/README.md).
set -eu
out=${1:-/tmp/isys-cap/ns}
mkdir -p "$out"
cd "$out"
export LC_ALL=C.UTF-8 TZ=UTC
unshare -n sh -c '
set -e
ip link set lo up
ip tuntap add d0 mode tap; ip link set d0 up
ip tuntap add d1 mode tap; ip link set d1 up
ip addr add 10.1.0.2/24 dev d0
ip addr add 10.2.0.2/24 dev d1
ip -6 addr add fd01::2/64 dev d0 nodad
ip route add default via 10.1.0.1 dev d0
ip route add 10.9.0.0/16 via 10.1.0.1 metric 100 proto static
ip route add 10.10.0.0/16 via 10.1.0.1 mtu 1400 proto dhcp src 10.1.0.2 metric 50
ip route add blackhole 10.66.0.0/16
ip route add unreachable 10.77.0.0/16
ip route add 10.50.0.0/16 nexthop via 10.1.0.1 weight 1 nexthop via 10.2.0.1 weight 2
ip route add 10.60.0.0/16 via 10.2.0.1 dev d1 onlink
ip -6 route add default via fd01::1 dev d0 metric 1024
ip -6 route add fd99::/64 via fd01::1 expires 300
ip neigh add 10.1.0.1 lladdr 02:00:00:00:00:01 dev d0 nud permanent
ip neigh add 10.1.0.3 lladdr 02:00:00:00:00:03 dev d0 nud stale
ip neigh add 10.2.0.1 lladdr 02:00:00:00:00:04 dev d1 nud reachable
ip neigh add 10.2.0.9 dev d1 nud incomplete
ip route > route-default.txt
ip route show table all > route-table-all.txt
ip -6 route > route-6.txt
ip route get 10.9.1.1 > route-get.txt
ip route show dev lo > route-empty.txt
ip neigh > neigh.txt
ip -4 neigh show dev d1 > neigh-d1.txt
ip neigh show dev lo > neigh-empty.txt
route -n > rt-n.txt; route > rt.txt; route -ne > rt-ne.txt; route -6 -n > rt-6n.txt; route -ee -n > rt-een.txt
arp -a > arp-a.txt; arp -n > arp-n.txt; arp -an -i d1 > arp-an-i.txt; arp -n -i lo > arp-empty.txt 2>&1
'
