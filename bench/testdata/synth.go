//go:build ignore

// synth writes the inputs of the token benchmark that cannot be captured on
// a Linux development machine: macOS output, and the output of services a
// laptop does not run (a production ps, docker, kubectl, helm, systemd,
// journald, terraform). Each is written from the command's documented
// output format, with realistic but invented values, and is deterministic:
// a fixed seed, no clock. Run from bench/testdata:
//
//	go run synth.go
//
// It rewrites <scenario>/raw.txt only. Replace a file with a real capture
// (the command is in its scenario.json) whenever a real system is at hand.
package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"
)

var rng = rand.New(rand.NewPCG(2026, 1130))

func pick[T any](s []T) T { return s[rng.IntN(len(s))] }

func write(scenario, text string) {
	if err := os.MkdirAll(scenario, 0o755); err != nil {
		panic(err)
	}
	if err := os.WriteFile(filepath.Join(scenario, "raw.txt"), []byte(text), 0o644); err != nil {
		panic(err)
	}
}

func main() {
	write("ps-aux-300", psAux())
	write("kubectl-get-pods", kubectlPods())
	write("docker-ps", dockerPs())
	write("helm-list", helmList())
	write("systemctl-list-units", systemctlUnits())
	write("journalctl", journal())
	write("terraform-plan", terraformPlan())
	write("df-h-macos", dfMacOS)
	write("stat-macos", statMacOS)
	write("netstat-macos", netstatMacOS())
}

// ---------------------------------------------------------------- ps aux

type proc struct {
	user         string
	cpu, mem     float64
	vsz, rss     int
	tty, stat    string
	start, ctime string
	cmd          string
}

// psAux is a production web and database host: 8 CPUs, 32 GB, up since
// Nov 02, nginx, gunicorn, postgres, redis, docker, monitoring agents.
func psAux() string {
	var ps []proc
	kthread := func(name, stat string) {
		ps = append(ps, proc{user: "root", tty: "?", stat: stat, start: "Nov02", ctime: fmt.Sprintf("%d:%02d", rng.IntN(3), rng.IntN(60)), cmd: "[" + name + "]"})
	}
	ps = append(ps, proc{"root", 0.0, 0.0, 168140, 13212, "?", "Ss", "Nov02", "4:12", "/sbin/init"})
	kthread("kthreadd", "S")
	for _, n := range []string{"rcu_gp", "rcu_par_gp", "slub_flushwq", "netns", "kworker/0:0H-events_highpri", "mm_percpu_wq", "rcu_tasks_rude_kthread", "rcu_tasks_trace_kthread"} {
		kthread(n, "I<")
	}
	for cpu := range 8 {
		kthread(fmt.Sprintf("cpuhp/%d", cpu), "S")
		kthread(fmt.Sprintf("idle_inject/%d", cpu), "S")
		kthread(fmt.Sprintf("migration/%d", cpu), "S")
		kthread(fmt.Sprintf("ksoftirqd/%d", cpu), "S")
		kthread(fmt.Sprintf("kworker/%d:0H-events_highpri", cpu), "I<")
		kthread(fmt.Sprintf("kworker/%d:1-events", cpu), "I")
		kthread(fmt.Sprintf("kworker/%d:2-mm_percpu_wq", cpu), "I")
	}
	for _, n := range []string{"rcu_preempt", "kdevtmpfs", "inet_frag_wq", "kauditd", "khungtaskd", "oom_reaper", "writeback",
		"kcompactd0", "ksmd", "khugepaged", "kintegrityd", "kblockd", "blkcg_punt_bio", "tpm_dev_wq", "ata_sff", "md",
		"edac-poller", "devfreq_wq", "watchdogd", "kswapd0", "ecryptfs-kthread", "kthrotld", "acpi_thermal_pm", "scsi_eh_0",
		"scsi_tmf_0", "nvme-wq", "nvme-reset-wq", "nvme-delete-wq", "mld", "ipv6_addrconf", "kstrp", "zswap-shrink",
		"jbd2/nvme0n1p1-8", "ext4-rsv-conver", "jbd2/nvme1n1-8", "ext4-rsv-conver", "cryptd", "ena", "xfsalloc", "xfs_mru_cache"} {
		stat := "S"
		if strings.Contains(n, "wq") || strings.HasPrefix(n, "k") && strings.HasSuffix(n, "d") == false {
			stat = "I<"
		}
		kthread(n, stat)
	}
	for i := range 14 {
		kthread(fmt.Sprintf("kworker/u16:%d-%s", i, pick([]string{"events_unbound", "flush-259:0", "ext4-rsv-conversion", "writeback", "events_power_efficient"})), "I")
	}
	for i := 24; i < 40; i++ {
		kthread(fmt.Sprintf("irq/%d-nvme0q%d", i, i-23), "S")
	}
	add := func(user string, cpu, mem float64, vsz, rss int, stat, start, ctime, cmd string) {
		ps = append(ps, proc{user, cpu, mem, vsz, rss, "?", stat, start, ctime, cmd})
	}
	add("root", 0.0, 0.2, 74412, 61220, "Ss", "Nov02", "1:47", "/lib/systemd/systemd-journald")
	add("root", 0.0, 0.0, 26880, 7012, "Ss", "Nov02", "0:09", "/lib/systemd/systemd-udevd")
	add("systemd+", 0.0, 0.0, 16124, 8200, "Ss", "Nov02", "0:21", "/lib/systemd/systemd-networkd")
	add("systemd+", 0.0, 0.0, 25532, 12940, "Ss", "Nov02", "0:38", "/lib/systemd/systemd-resolved")
	add("systemd+", 0.0, 0.0, 89360, 6604, "Ssl", "Nov02", "0:05", "/lib/systemd/systemd-timesyncd")
	add("root", 0.0, 0.0, 6816, 2780, "Ss", "Nov02", "0:11", "/usr/sbin/cron -f")
	add("message+", 0.0, 0.0, 8612, 4812, "Ss", "Nov02", "0:04", "@dbus-daemon --system --address=systemd: --nofork --nopidfile --systemd-activation --syslog-only")
	add("root", 0.0, 0.0, 82772, 3904, "Ssl", "Nov02", "0:52", "/usr/sbin/irqbalance --foreground")
	add("root", 0.0, 0.0, 15308, 7348, "Ss", "Nov02", "0:06", "/lib/systemd/systemd-logind")
	add("syslog", 0.0, 0.0, 222400, 5924, "Ssl", "Nov02", "0:33", "/usr/sbin/rsyslogd -n -iNONE")
	add("root", 0.0, 0.0, 109744, 21632, "Ssl", "Nov02", "0:00", "/usr/bin/python3 /usr/share/unattended-upgrades/unattended-upgrade-shutdown --wait-for-signal")
	add("root", 0.0, 0.0, 15432, 9184, "Ss", "Nov02", "0:02", "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups")
	ps = append(ps, proc{"root", 0.0, 0.0, 5612, 1960, "ttyS0", "Ss+", "Nov02", "0:00", "/sbin/agetty -o -p -- \\u --keep-baud 115200,57600,38400,9600 ttyS0 vt220"})
	ps = append(ps, proc{"root", 0.0, 0.0, 5836, 1784, "tty1", "Ss+", "Nov02", "0:00", "/sbin/agetty -o -p -- \\u --noclear - linux"})
	add("root", 0.3, 0.1, 1872428, 52360, "Ssl", "Nov02", "98:14", "/usr/bin/containerd")
	add("root", 0.4, 0.3, 2463196, 98128, "Ssl", "Nov02", "141:09", "/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock")
	for i := range 6 {
		add("root", 0.0, 0.0, 720200+rng.IntN(9000), 11000+rng.IntN(4000), "Sl", "Nov02", fmt.Sprintf("%d:%02d", 4+i, rng.IntN(60)),
			fmt.Sprintf("/usr/bin/containerd-shim-runc-v2 -namespace moby -id %016x%016x%016x%016x -address /run/containerd/containerd.sock", rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()))
	}
	add("root", 0.0, 0.0, 55228, 1604, "Ss", "Nov02", "0:00", "nginx: master process /usr/sbin/nginx -g daemon on; master_process on;")
	for range 8 {
		add("www-data", float64(rng.IntN(30))/10, 0.1, 56920+rng.IntN(2000), 14000+rng.IntN(6000), "S", "Nov27", fmt.Sprintf("%d:%02d", 10+rng.IntN(30), rng.IntN(60)), "nginx: worker process")
	}
	add("redis", 0.6, 0.9, 316944, 301212, "Ssl", "Nov02", "212:40", "/usr/bin/redis-server 127.0.0.1:6379")
	add("postgres", 0.0, 0.4, 218756, 131088, "Ss", "Nov02", "2:31", "/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main -c config_file=/etc/postgresql/15/main/postgresql.conf")
	for _, n := range []string{"checkpointer", "background writer", "walwriter", "autovacuum launcher", "logical replication launcher", "archiver last was 000000010000004A000000C3"} {
		add("postgres", 0.0, 0.1, 218888, 20000+rng.IntN(40000), "Ss", "Nov02", fmt.Sprintf("%d:%02d", rng.IntN(40), rng.IntN(60)), "postgres: 15/main: "+n)
	}
	for range 55 {
		state := pick([]string{"idle", "idle", "idle", "idle", "idle in transaction", "SELECT", "UPDATE", "INSERT"})
		add("postgres", float64(rng.IntN(80))/10, 0.3, 226000+rng.IntN(9000), 60000+rng.IntN(90000), "Ss", pick([]string{"17:58", "17:40", "16:02", "Nov28", "Nov29"}),
			fmt.Sprintf("%d:%02d", rng.IntN(9), rng.IntN(60)),
			fmt.Sprintf("postgres: 15/main: app appdb 10.0.1.%d(%d) %s", 11+rng.IntN(4), 40000+rng.IntN(25000), state))
	}
	add("deploy", 0.1, 0.2, 72480, 61904, "Ss", "Nov27", "3:02", "/srv/app/venv/bin/python3 /srv/app/venv/bin/gunicorn --workers 16 --bind unix:/run/gunicorn.sock --access-logfile - storefront.wsgi:application")
	for range 16 {
		add("deploy", float64(rng.IntN(250))/10, 1.1, 412000+rng.IntN(60000), 340000+rng.IntN(90000), "Sl", "Nov27", fmt.Sprintf("%d:%02d", 20+rng.IntN(90), rng.IntN(60)),
			"/srv/app/venv/bin/python3 /srv/app/venv/bin/gunicorn --workers 16 --bind unix:/run/gunicorn.sock --access-logfile - storefront.wsgi:application")
	}
	add("deploy", 1.2, 0.6, 388512, 197344, "Sl", "Nov27", "55:17", "/srv/app/venv/bin/python3 -m celery -A storefront worker --loglevel=INFO --concurrency=4")
	for range 4 {
		add("deploy", float64(rng.IntN(90))/10, 0.7, 392000+rng.IntN(20000), 210000+rng.IntN(40000), "S", "Nov27", fmt.Sprintf("%d:%02d", 10+rng.IntN(40), rng.IntN(60)),
			"/srv/app/venv/bin/python3 -m celery -A storefront worker --loglevel=INFO --concurrency=4")
	}
	add("deploy", 0.0, 0.3, 381604, 121880, "Sl", "Nov27", "4:40", "/srv/app/venv/bin/python3 -m celery -A storefront beat --loglevel=INFO")
	add("prometh+", 0.1, 0.0, 1240620, 21208, "Ssl", "Nov02", "39:12", "/usr/bin/prometheus-node-exporter")
	add("root", 0.2, 0.4, 2155212, 140212, "Ssl", "Nov02", "88:03", "/usr/share/filebeat/bin/filebeat --environment systemd -c /etc/filebeat/filebeat.yml --path.home /usr/share/filebeat --path.config /etc/filebeat --path.data /var/lib/filebeat --path.logs /var/log/filebeat")
	add("root", 0.0, 0.1, 1319232, 38780, "Ssl", "Nov02", "12:54", "/usr/bin/amazon-ssm-agent")
	add("root", 0.0, 0.0, 1335504, 29404, "Sl", "Nov02", "3:20", "/usr/bin/ssm-agent-worker")
	add("_chrony", 0.0, 0.0, 18860, 3432, "S", "Nov02", "0:04", "/usr/sbin/chronyd -F 1")
	add("root", 0.0, 0.0, 6588, 3212, "Ss", "Nov02", "0:00", "/usr/sbin/atd -f")
	add("root", 0.0, 0.0, 236292, 7664, "Ssl", "Nov02", "0:01", "/usr/libexec/polkitd --no-debug")
	add("root", 0.0, 0.0, 295296, 19972, "Ssl", "Nov02", "0:26", "/usr/libexec/packagekitd")
	// Application containers (their processes, seen from the host).
	add("999", 0.2, 0.5, 1203412, 178640, "Ssl", "Nov02", "61:10", "java -Xms512m -Xmx1g -jar /opt/search/search-indexer.jar --spring.profiles.active=prod")
	add("root", 0.0, 0.0, 1236904, 15392, "Ssl", "Nov02", "2:15", "/bin/node_exporter --path.rootfs=/host")
	add("472", 0.1, 0.3, 1341316, 104312, "Ssl", "Nov02", "24:41", "grafana server --homepath=/usr/share/grafana --config=/etc/grafana/grafana.ini --packaging=docker cfg:default.log.mode=console")
	add("nobody", 0.4, 0.6, 2051644, 193024, "Ssl", "Nov02", "152:03", "/bin/prometheus --config.file=/etc/prometheus/prometheus.yml --storage.tsdb.path=/prometheus --storage.tsdb.retention.time=15d")
	add("root", 0.0, 0.0, 4520, 3136, "Ss", "Nov02", "0:00", "/bin/sh -c /usr/local/bin/backup-agent --schedule '0 3 * * *'")
	add("root", 0.0, 0.0, 712324, 9876, "Sl", "Nov02", "0:41", "/usr/local/bin/backup-agent --schedule 0 3 * * *")
	// Today's interactive session and its helpers.
	add("root", 0.0, 0.0, 17168, 11020, "Ss", "17:31", "0:00", "sshd: deploy [priv]")
	add("deploy", 0.0, 0.0, 17604, 7860, "S", "17:31", "0:00", "sshd: deploy@pts/0")
	ps = append(ps, proc{"deploy", 0.0, 0.0, 9968, 5212, "pts/0", "Ss", "17:31", "0:00", "-bash"})
	ps = append(ps, proc{"deploy", 0.0, 0.0, 11540, 4972, "pts/0", "S+", "17:32", "0:00", "tmux attach -t ops"})
	add("deploy", 0.1, 0.0, 12212, 5644, "Ss", "17:32", "0:01", "tmux attach -t ops")
	ps = append(ps, proc{"deploy", 0.0, 0.0, 9968, 5320, "pts/1", "Ss", "17:32", "0:00", "-bash"})
	ps = append(ps, proc{"deploy", 0.3, 0.0, 10412, 4808, "pts/1", "S+", "17:44", "0:02", "htop"})
	ps = append(ps, proc{"deploy", 0.0, 0.0, 9968, 5280, "pts/2", "Ss", "17:50", "0:00", "-bash"})
	ps = append(ps, proc{"deploy", 0.0, 0.0, 18520, 9552, "pts/2", "S+", "17:52", "0:00", "psql -h 127.0.0.1 -U app appdb"})
	add("postgres", 0.0, 0.2, 227912, 70412, "Ss", "17:52", "0:00", "postgres: 15/main: app appdb 127.0.0.1(48222) idle")
	for i := range 6 {
		add("root", 0.0, 0.0, 0, 0, "I", "17:"+fmt.Sprintf("%02d", 40+i*3), "0:00", fmt.Sprintf("[kworker/%d:0-events]", i))
	}
	for len(ps) < 299 {
		fill := []string{"sshd: deploy@notty", "/usr/lib/openssh/sftp-server", "/bin/sh -c /srv/app/bin/sync-inventory --quiet",
			"/srv/app/venv/bin/python3 /srv/app/bin/sync-inventory --quiet", "rsync --server -vlogDtpre.iLsfxCIvu . /srv/data/uploads/", "sleep 60"}
		add("deploy", 0.0, 0.0, 2484+rng.IntN(20000), 1336+rng.IntN(9000), "S", "17:5"+fmt.Sprint(len(ps)%10), "0:00", fill[len(ps)%len(fill)])
	}
	ps = append(ps, proc{"deploy", 0.0, 0.0, 11212, 4528, "pts/2", "R+", "18:00", "0:00", "ps aux"})

	var b strings.Builder
	b.WriteString("USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n")
	pid := 1
	for i, p := range ps {
		switch {
		case i == 0:
			pid = 1
		case i == 1:
			pid = 2
		case i < 150:
			pid += 1 + rng.IntN(3)
		default:
			pid += 1 + rng.IntN(900)
		}
		fmt.Fprintf(&b, "%-8s %7d %4.1f %4.1f %6d %5d %-8s %-4s %5s %6s %s\n", p.user, pid, p.cpu, p.mem, p.vsz, p.rss, p.tty, p.stat, p.start, p.ctime, p.cmd)
	}
	return b.String()
}

// ------------------------------------------------------------- kubectl

const podChars = "bcdfghjklmnpqrstvwxz2456789"

func podHash(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = podChars[rng.IntN(len(podChars))]
	}
	return string(b)
}

// tabbed renders rows the way kubectl and docker do (text/tabwriter,
// minwidth 10, padding 3).
func tabbed(tabwidth int, rows [][]string) string {
	var buf bytes.Buffer
	w := tabwriter.NewWriter(&buf, 10, tabwidth, 3, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(w, strings.Join(r, "\t"))
	}
	w.Flush()
	return buf.String()
}

func age(d time.Duration) string { // kubectl's duration.HumanDuration
	s := int(d.Seconds())
	switch {
	case s < 120:
		return fmt.Sprintf("%ds", s)
	case d < 10*time.Minute:
		return fmt.Sprintf("%dm%ds", s/60, s%60)
	case d < 3*time.Hour:
		return fmt.Sprintf("%dm", s/60)
	case d < 8*time.Hour:
		return fmt.Sprintf("%dh%dm", s/3600, s%3600/60)
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", s/3600)
	case d < 8*24*time.Hour:
		if h := s % 86400 / 3600; h != 0 {
			return fmt.Sprintf("%dd%dh", s/86400, h)
		}
		return fmt.Sprintf("%dd", s/86400)
	}
	return fmt.Sprintf("%dd", s/86400)
}

func kubectlPods() string {
	rows := [][]string{{"NAME", "READY", "STATUS", "RESTARTS", "AGE"}}
	deploy := []struct {
		name     string
		replicas int
		ready    string
	}{
		{"api-gateway", 4, "2/2"}, {"checkout-service", 3, "2/2"}, {"payments-worker", 3, "1/1"}, {"inventory-api", 2, "1/1"},
		{"web-frontend", 4, "1/1"}, {"search-indexer", 2, "1/1"}, {"notification-service", 2, "1/1"}, {"image-resizer", 2, "1/1"},
		{"recommendation-engine", 3, "1/1"}, {"auth-service", 3, "2/2"},
	}
	for _, d := range deploy {
		rs := podHash(10)
		for i := range d.replicas {
			status, restarts, ready := "Running", "0", d.ready
			a := time.Duration(rng.IntN(12*24*3600)) * time.Second
			if r := rng.IntN(10); r < 3 {
				restarts = fmt.Sprintf("%d (%s ago)", 1+rng.IntN(4), age(time.Duration(rng.IntN(int(a.Seconds())+1))*time.Second))
			}
			switch {
			case d.name == "image-resizer" && i == 0:
				status, ready, restarts = "CrashLoopBackOff", "0/1", "47 (3m12s ago)"
			case d.name == "recommendation-engine" && i == 2:
				status, ready, restarts, a = "Pending", "0/1", "0", 95*time.Second
			case d.name == "payments-worker" && i == 2:
				status, ready, restarts, a = "ImagePullBackOff", "0/1", "0", 14*time.Minute
			}
			rows = append(rows, []string{fmt.Sprintf("%s-%s-%s", d.name, rs, podHash(5)), ready, status, restarts, age(a)})
		}
	}
	for _, s := range []struct {
		name  string
		n     int
		ready string
	}{{"postgres", 2, "1/1"}, {"redis-master", 1, "1/1"}, {"redis-replicas", 3, "1/1"}, {"kafka", 3, "1/1"}, {"zookeeper", 3, "1/1"}} {
		for i := range s.n {
			rows = append(rows, []string{fmt.Sprintf("%s-%d", s.name, i), s.ready, "Running", "0", age(time.Duration(20+rng.IntN(20)) * 24 * time.Hour)})
		}
	}
	for _, j := range []string{"nightly-report-29405760", "nightly-report-29407200", "db-migrate-v142", "cache-warmup-29408580"} {
		rows = append(rows, []string{j + "-" + podHash(5), "0/1", "Completed", "0", age(time.Duration(rng.IntN(40*3600)) * time.Second)})
	}
	rows = append(rows, []string{"cache-warmup-29408640-" + podHash(5), "0/1", "Error", "0", "6m"})
	// kubectl sorts by name.
	head, body := rows[0], rows[1:]
	sortRows(body)
	return tabbed(4, append([][]string{head}, body...))
}

func sortRows(rows [][]string) {
	for i := 1; i < len(rows); i++ {
		for j := i; j > 0 && rows[j][0] < rows[j-1][0]; j-- {
			rows[j], rows[j-1] = rows[j-1], rows[j]
		}
	}
}

// -------------------------------------------------------------- docker ps

func ellipsis(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func dockerPs() string {
	type c struct{ image, cmd, created, status, ports, name string }
	cs := []c{
		{"nginx:1.27-alpine", "/docker-entrypoint.sh nginx -g 'daemon off;'", "2 days ago", "Up 2 days (healthy)", "0.0.0.0:80->80/tcp, :::80->80/tcp, 0.0.0.0:443->443/tcp, :::443->443/tcp", "edge-proxy"},
		{"ghcr.io/acme/storefront-api:1.42.0", "gunicorn --workers 4 --bind 0.0.0.0:8000 storefront.wsgi", "2 days ago", "Up 2 days (healthy)", "127.0.0.1:8000->8000/tcp", "storefront-api-1"},
		{"ghcr.io/acme/storefront-api:1.42.0", "gunicorn --workers 4 --bind 0.0.0.0:8000 storefront.wsgi", "2 days ago", "Up 2 days (healthy)", "127.0.0.1:8001->8000/tcp", "storefront-api-2"},
		{"ghcr.io/acme/storefront-worker:1.42.0", "celery -A storefront worker --loglevel=INFO", "2 days ago", "Up 2 days", "", "storefront-worker-1"},
		{"postgres:15.10", "docker-entrypoint.sh postgres", "3 weeks ago", "Up 3 weeks (healthy)", "127.0.0.1:5432->5432/tcp", "db"},
		{"redis:7.4-alpine", "docker-entrypoint.sh redis-server --appendonly yes", "3 weeks ago", "Up 3 weeks (healthy)", "127.0.0.1:6379->6379/tcp", "cache"},
		{"rabbitmq:3.13-management", "docker-entrypoint.sh rabbitmq-server", "3 weeks ago", "Up 3 weeks", "4369/tcp, 5671/tcp, 15671/tcp, 15691-15692/tcp, 25672/tcp, 127.0.0.1:5672->5672/tcp, 127.0.0.1:15672->15672/tcp", "queue"},
		{"prom/prometheus:v2.55.1", "/bin/prometheus --config.file=/etc/prometheus/prometheus.yml --storage.tsdb.path=/prometheus", "4 weeks ago", "Up 4 weeks", "127.0.0.1:9090->9090/tcp", "prometheus"},
		{"grafana/grafana:11.3.0", "/run.sh", "4 weeks ago", "Up 4 weeks", "127.0.0.1:3000->3000/tcp", "grafana"},
		{"prom/node-exporter:v1.8.2", "/bin/node_exporter --path.rootfs=/host", "4 weeks ago", "Up 4 weeks", "", "node-exporter"},
		{"ghcr.io/acme/search-indexer:0.9.3", "java -Xms512m -Xmx1g -jar /opt/search/search-indexer.jar", "5 hours ago", "Restarting (1) 12 seconds ago", "", "search-indexer"},
		{"containrrr/watchtower:1.7.1", "/watchtower --cleanup --interval 3600", "6 weeks ago", "Up 6 weeks (healthy)", "8080/tcp", "watchtower"},
	}
	rows := [][]string{{"CONTAINER ID", "IMAGE", "COMMAND", "CREATED", "STATUS", "PORTS", "NAMES"}}
	for _, x := range cs {
		rows = append(rows, []string{fmt.Sprintf("%012x", rng.Uint64()>>16), x.image, `"` + ellipsis(x.cmd, 20) + `"`, x.created, x.status, x.ports, x.name})
	}
	return tabbed(1, rows)
}

// -------------------------------------------------------------- helm list

func helmList() string {
	type r struct{ name, ns, rev, status, chart, app string }
	rs := []r{
		{"cert-manager", "cert-manager", "4", "deployed", "cert-manager-v1.16.1", "v1.16.1"},
		{"external-dns", "kube-system", "7", "deployed", "external-dns-1.15.0", "0.15.0"},
		{"ingress-nginx", "ingress-nginx", "12", "deployed", "ingress-nginx-4.11.3", "1.11.3"},
		{"kube-prometheus-stack", "monitoring", "23", "deployed", "kube-prometheus-stack-65.1.1", "v0.77.1"},
		{"loki", "monitoring", "9", "deployed", "loki-6.18.0", "3.2.0"},
		{"metrics-server", "kube-system", "3", "deployed", "metrics-server-3.12.2", "0.7.2"},
		{"postgres", "production", "18", "deployed", "postgresql-16.0.3", "17.0.0"},
		{"redis", "production", "11", "deployed", "redis-20.2.1", "7.4.1"},
		{"storefront", "production", "142", "deployed", "storefront-1.42.0", "1.42.0"},
		{"storefront-canary", "production", "6", "failed", "storefront-1.43.0-rc.1", "1.43.0-rc.1"},
		{"search", "production", "31", "pending-upgrade", "opensearch-2.26.0", "2.17.1"},
		{"argo-cd", "argocd", "8", "deployed", "argo-cd-7.6.12", "v2.12.6"},
		{"velero", "velero", "5", "deployed", "velero-8.0.0", "1.15.0"},
	}
	base := time.Date(2026, 11, 29, 17, 0, 0, 0, time.UTC)
	rows := [][]string{{"NAME", "NAMESPACE", "REVISION", "UPDATED", "STATUS", "CHART", "APP VERSION"}}
	for _, x := range rs {
		t := base.Add(-time.Duration(rng.Int64N(int64(60 * 24 * time.Hour)))).Round(time.Nanosecond)
		rows = append(rows, []string{x.name, x.ns, x.rev, t.String(), x.status, x.chart, x.app})
	}
	// helm (gosuri/uitable): every cell padded to its column, tab-separated.
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			if i > 0 {
				b.WriteString("\t")
			}
			fmt.Fprintf(&b, "%-*s", width[i], c)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// ---------------------------------------------------- systemctl list-units

func systemctlUnits() string {
	type u struct{ unit, load, active, sub, desc string }
	var us []u
	for _, d := range []string{
		"sys-devices-pci0000:00-0000:00:03.0-virtio0-net-eth0.device|/sys/devices/pci0000:00/0000:00:03.0/virtio0/net/eth0",
		"sys-devices-pci0000:00-0000:00:04.0-nvme-nvme0-nvme0n1-nvme0n1p1.device|Amazon Elastic Block Store root",
		"sys-devices-pci0000:00-0000:00:04.0-nvme-nvme0-nvme0n1-nvme0n1p14.device|Amazon Elastic Block Store 14",
		"sys-devices-pci0000:00-0000:00:04.0-nvme-nvme0-nvme0n1-nvme0n1p15.device|Amazon Elastic Block Store UEFI",
		"sys-devices-pci0000:00-0000:00:04.0-nvme-nvme0-nvme0n1.device|Amazon Elastic Block Store",
		"sys-devices-pci0000:00-0000:00:1f.0-nvme-nvme1-nvme1n1.device|Amazon Elastic Block Store",
		"sys-devices-platform-serial8250-tty-ttyS1.device|/sys/devices/platform/serial8250/tty/ttyS1",
		"sys-devices-platform-serial8250-tty-ttyS2.device|/sys/devices/platform/serial8250/tty/ttyS2",
		"sys-devices-platform-serial8250-tty-ttyS3.device|/sys/devices/platform/serial8250/tty/ttyS3",
		"sys-devices-pnp0-00:04-tty-ttyS0.device|/sys/devices/pnp0/00:04/tty/ttyS0",
		"sys-devices-virtual-misc-rfkill.device|/sys/devices/virtual/misc/rfkill",
		"sys-module-configfs.device|/sys/module/configfs",
		"sys-module-fuse.device|/sys/module/fuse",
		"sys-subsystem-net-devices-docker0.device|/sys/subsystem/net/devices/docker0",
		"sys-subsystem-net-devices-eth0.device|Elastic Network Adapter (ENA)",
	} {
		name, desc, _ := strings.Cut(d, "|")
		us = append(us, u{name, "loaded", "active", "plugged", desc})
	}
	for _, m := range []string{"-.mount|Root Mount", "boot-efi.mount|/boot/efi", "dev-hugepages.mount|Huge Pages File System",
		"dev-mqueue.mount|POSIX Message Queue File System", "proc-sys-fs-binfmt_misc.mount|Arbitrary Executable File Formats File System",
		"run-credentials-systemd\\x2dsysctl.service.mount|/run/credentials/systemd-sysctl.service",
		"run-docker-netns-8f2b4a1c9d3e.mount|/run/docker/netns/8f2b4a1c9d3e",
		"run-user-1000.mount|/run/user/1000", "srv-data.mount|/srv/data", "sys-fs-fuse-connections.mount|FUSE Control File System",
		"sys-kernel-config.mount|Kernel Configuration File System", "sys-kernel-debug.mount|Kernel Debug File System",
		"sys-kernel-tracing.mount|Kernel Trace File System", "var-lib-docker-overlay2-3c1f0e9a7b2d4e5f6a7b8c9d0e1f2a3b-merged.mount|/var/lib/docker/overlay2/3c1f0e9a7b2d4e5f6a7b8c9d0e1f2a3b/merged"} {
		name, desc, _ := strings.Cut(m, "|")
		us = append(us, u{name, "loaded", "active", "mounted", desc})
	}
	us = append(us, u{"proc-sys-fs-binfmt_misc.automount", "loaded", "active", "waiting", "Arbitrary Executable File Formats File System Automount Point"})
	us = append(us, u{"init.scope", "loaded", "active", "running", "System and Service Manager"})
	us = append(us, u{"session-412.scope", "loaded", "active", "running", "Session 412 of User deploy"})
	us = append(us, u{"session-415.scope", "loaded", "active", "running", "Session 415 of User deploy"})
	for _, s := range []string{
		"apparmor.service|exited|Load AppArmor profiles", "atd.service|running|Deferred execution scheduler",
		"amazon-ssm-agent.service|running|amazon-ssm-agent", "blk-availability.service|exited|Availability of block devices",
		"chrony.service|running|chrony, an NTP client/server", "cloud-config.service|exited|Apply the settings specified in cloud-config",
		"cloud-final.service|exited|Execute cloud user/final scripts", "cloud-init-local.service|exited|Initial cloud-init job (pre-networking)",
		"cloud-init.service|exited|Initial cloud-init job (metadata service crawler)", "console-setup.service|exited|Set console font and keymap",
		"containerd.service|running|containerd container runtime", "cron.service|running|Regular background program processing daemon",
		"dbus.service|running|D-Bus System Message Bus", "docker.service|running|Docker Application Container Engine",
		"filebeat.service|running|Filebeat sends log files to Logstash or directly to Elasticsearch.",
		"getty@tty1.service|running|Getty on tty1", "gunicorn.service|running|Gunicorn daemon for the storefront application",
		"celery-worker.service|running|Celery worker for the storefront application", "celery-beat.service|running|Celery beat scheduler for the storefront application",
		"ifupdown-pre.service|exited|Helper to synchronize boot up for ifupdown", "irqbalance.service|running|irqbalance daemon",
		"keyboard-setup.service|exited|Set the console keyboard layout", "kmod-static-nodes.service|exited|Create List of Static Device Nodes",
		"lvm2-monitor.service|exited|Monitoring of LVM2 mirrors, snapshots etc. using dmeventd or progress polling",
		"networking.service|exited|Raise network interfaces", "nginx.service|running|A high performance web server and a reverse proxy server",
		"polkit.service|running|Authorization Manager", "postgresql.service|exited|PostgreSQL RDBMS",
		"postgresql@15-main.service|running|PostgreSQL Cluster 15-main", "prometheus-node-exporter.service|running|Prometheus exporter for machine metrics",
		"redis-server.service|running|Advanced key-value store", "rsyslog.service|running|System Logging Service",
		"serial-getty@ttyS0.service|running|Serial Getty on ttyS0", "ssh.service|running|OpenBSD Secure Shell server",
		"systemd-binfmt.service|exited|Set Up Additional Binary Formats", "systemd-journal-flush.service|exited|Flush Journal to Persistent Storage",
		"systemd-journald.service|running|Journal Service", "systemd-logind.service|running|User Login Management",
		"systemd-modules-load.service|exited|Load Kernel Modules", "systemd-networkd.service|running|Network Configuration",
		"systemd-random-seed.service|exited|Load/Save Random Seed", "systemd-remount-fs.service|exited|Remount Root and Kernel File Systems",
		"systemd-resolved.service|running|Network Name Resolution", "systemd-sysctl.service|exited|Apply Kernel Variables",
		"systemd-sysusers.service|exited|Create System Users", "systemd-timesyncd.service|running|Network Time Synchronization",
		"systemd-tmpfiles-setup-dev.service|exited|Create Static Device Nodes in /dev", "systemd-tmpfiles-setup.service|exited|Create System Files and Directories",
		"systemd-udev-trigger.service|exited|Coldplug All udev Devices", "systemd-udevd.service|running|Rule-based Manager for Device Events and Files",
		"systemd-update-utmp.service|exited|Record System Boot/Shutdown in UTMP", "systemd-user-sessions.service|exited|Permit User Sessions",
		"unattended-upgrades.service|running|Unattended Upgrades Shutdown", "user-runtime-dir@1000.service|exited|User Runtime Directory /run/user/1000",
		"user@1000.service|running|User Manager for UID 1000",
	} {
		p := strings.Split(s, "|")
		us = append(us, u{p[0], "loaded", "active", p[1], p[2]})
	}
	us = append(us, u{"backup-agent.service", "loaded", "failed", "failed", "Nightly backup agent"})
	us = append(us, u{"certbot-renew.service", "loaded", "failed", "failed", "Certbot renewal of the storefront certificates"})
	us = append(us, u{"-.slice", "loaded", "active", "active", "Root Slice"})
	for _, s := range []string{"system-getty.slice|Slice /system/getty", "system-modprobe.slice|Slice /system/modprobe",
		"system-postgresql.slice|Slice /system/postgresql", "system-serial\\x2dgetty.slice|Slice /system/serial-getty",
		"system.slice|System Slice", "user-1000.slice|User Slice of UID 1000", "user.slice|User and Session Slice"} {
		name, desc, _ := strings.Cut(s, "|")
		us = append(us, u{name, "loaded", "active", "active", desc})
	}
	for _, s := range []string{"dbus.socket|D-Bus System Message Bus Socket", "docker.socket|Docker Socket for the API",
		"ssh.socket|OpenBSD Secure Shell server socket", "syslog.socket|Syslog Socket",
		"systemd-initctl.socket|initctl Compatibility Named Pipe", "systemd-journald-audit.socket|Journal Audit Socket",
		"systemd-journald-dev-log.socket|Journal Socket (/dev/log)", "systemd-journald.socket|Journal Socket",
		"systemd-networkd.socket|Network Service Netlink Socket", "systemd-udevd-control.socket|udev Control Socket",
		"systemd-udevd-kernel.socket|udev Kernel Socket", "uuidd.socket|UUID daemon activation socket"} {
		name, desc, _ := strings.Cut(s, "|")
		us = append(us, u{name, "loaded", "active", "listening", desc})
	}
	for _, s := range []string{"basic.target|Basic System", "cloud-config.target|Cloud-config availability", "cloud-init.target|Cloud-init target",
		"cryptsetup.target|Local Encrypted Volumes", "getty.target|Login Prompts", "graphical.target|Graphical Interface",
		"integritysetup.target|Local Integrity Protected Volumes", "local-fs-pre.target|Preparation for Local File Systems",
		"local-fs.target|Local File Systems", "multi-user.target|Multi-User System", "network-online.target|Network is Online",
		"network-pre.target|Preparation for Network", "network.target|Network", "nss-lookup.target|Host and Network Name Lookups",
		"nss-user-lookup.target|User and Group Name Lookups", "paths.target|Path Units", "remote-fs.target|Remote File Systems",
		"slices.target|Slice Units", "sockets.target|Socket Units", "swap.target|Swaps", "sysinit.target|System Initialization",
		"time-set.target|System Time Set", "timers.target|Timer Units", "veritysetup.target|Local Verity Protected Volumes"} {
		name, desc, _ := strings.Cut(s, "|")
		us = append(us, u{name, "loaded", "active", "active", desc})
	}
	for _, s := range []string{"apt-daily-upgrade.timer|Daily apt upgrade and clean activities", "apt-daily.timer|Daily apt download activities",
		"certbot-renew.timer|Run certbot twice daily", "dpkg-db-backup.timer|Daily dpkg database backup timer",
		"e2scrub_all.timer|Periodic ext4 Online Metadata Check for All Filesystems", "fstrim.timer|Discard unused blocks once a week",
		"logrotate.timer|Daily rotation of log files", "man-db.timer|Daily man-db regeneration",
		"systemd-tmpfiles-clean.timer|Daily Cleanup of Temporary Directories", "backup-agent.timer|Nightly backup at 03:00"} {
		name, desc, _ := strings.Cut(s, "|")
		us = append(us, u{name, "loaded", "active", "waiting", desc})
	}
	us = append(us, u{"systemd-ask-password-console.path", "loaded", "active", "waiting", "Dispatch Password Requests to Console Directory Watch"})
	us = append(us, u{"systemd-ask-password-wall.path", "loaded", "active", "waiting", "Forward Password Requests to Wall Directory Watch"})
	// systemctl orders by unit type, then name: automount, device, mount,
	// path, scope, service, slice, socket, swap, target, timer.
	order := []string{".automount", ".device", ".mount", ".path", ".scope", ".service", ".slice", ".socket", ".swap", ".target", ".timer"}
	typeOf := func(n string) int {
		for i, s := range order {
			if strings.HasSuffix(n, s) {
				return i
			}
		}
		return len(order)
	}
	for i := 1; i < len(us); i++ {
		for j := i; j > 0; j-- {
			a, b := us[j], us[j-1]
			if ta, tb := typeOf(a.unit), typeOf(b.unit); ta < tb || ta == tb && a.unit < b.unit {
				us[j], us[j-1] = b, a
			} else {
				break
			}
		}
	}
	w := [4]int{len("UNIT"), len("LOAD"), len("ACTIVE"), len("SUB")}
	for _, x := range us {
		w[0], w[1], w[2], w[3] = max(w[0], len(x.unit)), max(w[1], len(x.load)), max(w[2], len(x.active)), max(w[3], len(x.sub))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  %-*s %-*s %-*s %-*s %s\n", w[0], "UNIT", w[1], "LOAD", w[2], "ACTIVE", w[3], "SUB", "DESCRIPTION")
	for _, x := range us {
		mark := "  "
		if x.active == "failed" {
			mark = "● "
		}
		fmt.Fprintf(&b, "%s%-*s %-*s %-*s %-*s %s\n", mark, w[0], x.unit, w[1], x.load, w[2], x.active, w[3], x.sub, x.desc)
	}
	b.WriteString("\nLOAD   = Reflects whether the unit definition was properly loaded.\n")
	b.WriteString("ACTIVE = The high-level unit activation state, i.e. generalization of SUB.\n")
	b.WriteString("SUB    = The low-level unit activation state, values depend on unit type.\n")
	fmt.Fprintf(&b, "%d loaded units listed. Pass --all to see loaded but inactive units, too.\n", len(us))
	b.WriteString("To show all installed unit files use 'systemctl list-unit-files'.\n")
	return b.String()
}

// ------------------------------------------------------------- journalctl

func journal() string {
	t := time.Date(2026, 11, 29, 14, 2, 11, 0, time.UTC)
	var b strings.Builder
	ips := []string{"203.0.113.77", "198.51.100.23", "192.0.2.141", "203.0.113.9", "198.51.100.200"}
	users := []string{"admin", "test", "oracle", "ubuntu", "postgres", "git", "pi"}
	for n := 0; n < 200; n++ {
		t = t.Add(time.Duration(5+rng.IntN(90)) * time.Second)
		ts := t.Format("2006-01-02T15:04:05-07:00")
		var line string
		switch r := rng.IntN(20); {
		case r < 4:
			ip, port := pick(ips), 30000+rng.IntN(35000)
			line = pick([]string{
				fmt.Sprintf("sshd[%d]: Invalid user %s from %s port %d", 40000+rng.IntN(9000), pick(users), ip, port),
				fmt.Sprintf("sshd[%d]: Connection closed by invalid user %s %s port %d [preauth]", 40000+rng.IntN(9000), pick(users), ip, port),
				fmt.Sprintf("sshd[%d]: Received disconnect from %s port %d:11: Bye Bye [preauth]", 40000+rng.IntN(9000), ip, port),
				fmt.Sprintf("sshd[%d]: Disconnected from authenticating user root %s port %d [preauth]", 40000+rng.IntN(9000), ip, port),
			})
		case r < 6:
			pid := 48000 + rng.IntN(2000)
			line = pick([]string{
				fmt.Sprintf("CRON[%d]: pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)", pid),
				fmt.Sprintf("CRON[%d]: (root) CMD (command -v debian-sa1 > /dev/null && debian-sa1 1 1)", pid),
				fmt.Sprintf("CRON[%d]: pam_unix(cron:session): session closed for user root", pid),
				fmt.Sprintf("CRON[%d]: (deploy) CMD (/srv/app/bin/sync-inventory --quiet)", pid),
			})
		case r < 9:
			line = pick([]string{
				"systemd[1]: Starting logrotate.service - Rotate log files...",
				"systemd[1]: logrotate.service: Deactivated successfully.",
				"systemd[1]: Finished logrotate.service - Rotate log files.",
				"systemd[1]: Starting sysstat-collect.service - system activity accounting tool...",
				"systemd[1]: sysstat-collect.service: Deactivated successfully.",
				"systemd[1]: Finished sysstat-collect.service - system activity accounting tool.",
				"systemd[1]: Started session-415.scope - Session 415 of User deploy.",
				"systemd[1]: run-docker-runtime\\x2drunc-moby-3c1f0e9a7b2d-runc.A7fQ2z.mount: Deactivated successfully.",
			})
		case r < 11:
			line = fmt.Sprintf("kernel: [UFW BLOCK] IN=eth0 OUT= MAC=0a:1b:2c:3d:4e:5f:0a:9b:8c:7d:6e:5f:08:00 SRC=%s DST=10.0.1.12 LEN=44 TOS=0x00 PREC=0x00 TTL=%d ID=%d PROTO=TCP SPT=%d DPT=%d WINDOW=1024 RES=0x00 SYN URGP=0",
				pick(ips), 40+rng.IntN(200), rng.IntN(65536), 1024+rng.IntN(60000), pick([]int{23, 3389, 8080, 5900, 445, 6379}))
		case r < 13:
			line = fmt.Sprintf("gunicorn[%d]: %s - - [%s] \"%s %s HTTP/1.1\" %d %d \"-\" \"%s\"", 3100+rng.IntN(16), pick([]string{"10.0.1.5", "10.0.1.6"}),
				t.Format("02/Jan/2006:15:04:05 -0700"), pick([]string{"GET", "GET", "POST"}),
				pick([]string{"/api/v1/products?page=2", "/api/v1/cart", "/healthz", "/api/v1/orders/81723", "/api/v1/search?q=lamp"}),
				pick([]int{200, 200, 200, 201, 304, 404, 500}), rng.IntN(40000), pick([]string{"Mozilla/5.0 (X11; Linux x86_64)", "okhttp/4.12.0", "kube-probe/1.31"}))
		case r < 14:
			line = fmt.Sprintf("dockerd[812]: time=\"%s\" level=info msg=\"ignoring event\" container=%016x%016x module=libcontainerd namespace=moby topic=/tasks/delete type=\"*events.TaskDelete\"",
				t.Add(-time.Duration(rng.IntN(900))*time.Millisecond).Format(time.RFC3339Nano), rng.Uint64(), rng.Uint64())
		case r < 15:
			line = pick([]string{
				fmt.Sprintf("postgres[%d]: 2026-11-29 %s UTC [%d] app@appdb LOG:  duration: %d.%03d ms  statement: SELECT * FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 50", 2210+rng.IntN(40), t.Format("15:04:05.000"), 2210+rng.IntN(40), 1000+rng.IntN(4000), rng.IntN(1000)),
				fmt.Sprintf("postgres[%d]: 2026-11-29 %s UTC [%d] LOG:  checkpoint complete: wrote %d buffers (%.1f%%); 0 WAL file(s) added, 0 removed, 1 recycled", 1802, t.Format("15:04:05.000"), 1802, rng.IntN(3000), rng.Float64()*10),
			})
		case r < 16:
			line = fmt.Sprintf("sudo[%d]:   deploy : TTY=pts/%d ; PWD=/home/deploy ; USER=root ; COMMAND=%s", 50000+rng.IntN(1000), rng.IntN(3),
				pick([]string{"/usr/bin/systemctl restart gunicorn", "/usr/bin/journalctl -u gunicorn -n 100", "/usr/bin/apt-get update", "/usr/bin/docker ps"}))
		case r < 17:
			line = pick([]string{
				"systemd-resolved[612]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.0.0.2.",
				"systemd-timesyncd[588]: Network configuration changed, trying to establish connection.",
				"systemd-networkd[590]: eth0: DHCPv4 address 10.0.1.12/24, gateway 10.0.1.1 acquired from 10.0.1.1",
			})
		case r < 18:
			line = pick([]string{
				"nginx[1204]: 2026/11/29 " + t.Format("15:04:05") + " [error] 1207#1207: *88123 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 198.51.100.23, server: shop.example.com, request: \"GET /api/v1/search?q=sofa HTTP/2.0\", upstream: \"http://unix:/run/gunicorn.sock:/api/v1/search?q=sofa\", host: \"shop.example.com\"",
				"nginx[1204]: 2026/11/29 " + t.Format("15:04:05") + " [warn] 1209#1209: *88140 an upstream response is buffered to a temporary file /var/lib/nginx/proxy/7/81/0000004817 while reading upstream",
			})
		case r < 19:
			line = fmt.Sprintf("celery[%d]: [%s,%03d: INFO/ForkPoolWorker-%d] Task storefront.tasks.send_order_confirmation[%08x-%04x-%04x-%04x-%012x] succeeded in %.3fs: None",
				3301+rng.IntN(4), t.Format("2006-01-02 15:04:05"), rng.IntN(1000), 1+rng.IntN(4), rng.Uint32(), rng.IntN(65536), rng.IntN(65536), rng.IntN(65536), rng.Uint64()>>16, rng.Float64()*2)
		default:
			line = pick([]string{
				"backup-agent[2931]: uploading snapshot db-2026-11-29.tar.zst (4.2 GiB) to s3://acme-backups/web-01/",
				"systemd[1]: backup-agent.service: Main process exited, code=exited, status=1/FAILURE",
				"systemd[1]: backup-agent.service: Failed with result 'exit-code'.",
				"filebeat[1011]: {\"log.level\":\"info\",\"@timestamp\":\"2026-11-29T" + t.Format("15:04:05") + ".211Z\",\"log.logger\":\"monitoring\",\"message\":\"Non-zero metrics in the last 30s\",\"service.name\":\"filebeat\"}",
			})
		}
		fmt.Fprintf(&b, "%s web-01 %s\n", ts, line)
	}
	return b.String()
}

// ---------------------------------------------------------- terraform plan

func terraformPlan() string {
	var b strings.Builder
	for _, r := range []string{
		"data.aws_availability_zones.available: Reading...", "data.aws_caller_identity.current: Reading...",
		"aws_vpc.main: Refreshing state... [id=vpc-0a1b2c3d4e5f60718]",
		"data.aws_caller_identity.current: Read complete after 0s [id=123456789012]",
		"data.aws_availability_zones.available: Read complete after 1s [id=eu-west-1]",
		"aws_internet_gateway.main: Refreshing state... [id=igw-0f9e8d7c6b5a43210]",
		"aws_subnet.public[0]: Refreshing state... [id=subnet-01a2b3c4d5e6f7a80]",
		"aws_subnet.public[1]: Refreshing state... [id=subnet-01a2b3c4d5e6f7a81]",
		"aws_subnet.private[0]: Refreshing state... [id=subnet-0c1d2e3f4a5b6c7d0]",
		"aws_subnet.private[1]: Refreshing state... [id=subnet-0c1d2e3f4a5b6c7d1]",
		"aws_security_group.web: Refreshing state... [id=sg-0123456789abcdef0]",
		"aws_security_group.db: Refreshing state... [id=sg-0fedcba9876543210]",
		"aws_db_subnet_group.main: Refreshing state... [id=storefront-db]",
		"aws_instance.web[0]: Refreshing state... [id=i-0a1b2c3d4e5f60001]",
		"aws_instance.web[1]: Refreshing state... [id=i-0a1b2c3d4e5f60002]",
		"aws_db_instance.main: Refreshing state... [id=db-ABCDEFGHIJKLMNOPQRSTUVWXY2]",
		"aws_s3_bucket.assets: Refreshing state... [id=acme-storefront-assets]",
		"aws_lb.web: Refreshing state... [id=arn:aws:elasticloadbalancing:eu-west-1:123456789012:loadbalancer/app/storefront/50dc6c495c0c9188]",
	} {
		b.WriteString(r + "\n")
	}
	b.WriteString(`
Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create
  ~ update in-place
  - destroy
-/+ destroy and then create replacement

Terraform will perform the following actions:

  # aws_cloudwatch_metric_alarm.cpu_high will be created
  + resource "aws_cloudwatch_metric_alarm" "cpu_high" {
      + actions_enabled                       = true
      + alarm_actions                         = [
          + "arn:aws:sns:eu-west-1:123456789012:ops-alerts",
        ]
      + alarm_name                            = "storefront-web-cpu-high"
      + arn                                   = (known after apply)
      + comparison_operator                   = "GreaterThanThreshold"
      + dimensions                            = {
          + "AutoScalingGroupName" = "storefront-web"
        }
      + evaluate_low_sample_count_percentiles = (known after apply)
      + evaluation_periods                    = 3
      + id                                    = (known after apply)
      + metric_name                           = "CPUUtilization"
      + namespace                             = "AWS/EC2"
      + period                                = 300
      + statistic                             = "Average"
      + tags_all                              = {
          + "Environment" = "production"
          + "ManagedBy"   = "terraform"
        }
      + threshold                             = 80
      + treat_missing_data                    = "missing"
    }

  # aws_db_instance.main will be updated in-place
  ~ resource "aws_db_instance" "main" {
      ~ allocated_storage                     = 100 -> 200
      ~ backup_retention_period               = 7 -> 14
        id                                    = "db-ABCDEFGHIJKLMNOPQRSTUVWXY2"
      ~ instance_class                        = "db.t3.large" -> "db.r6g.large"
        name                                  = null
        tags                                  = {
            "Environment" = "production"
            "ManagedBy"   = "terraform"
        }
        # (52 unchanged attributes hidden)
    }

  # aws_instance.web[0] must be replaced
-/+ resource "aws_instance" "web" {
      ~ ami                                  = "ami-0a8e758f5e873d1c1" -> "ami-0d64bb532e0502c46" # forces replacement
      ~ arn                                  = "arn:aws:ec2:eu-west-1:123456789012:instance/i-0a1b2c3d4e5f60001" -> (known after apply)
      ~ id                                   = "i-0a1b2c3d4e5f60001" -> (known after apply)
      ~ instance_state                       = "running" -> (known after apply)
      ~ private_dns                          = "ip-10-0-1-12.eu-west-1.compute.internal" -> (known after apply)
      ~ private_ip                           = "10.0.1.12" -> (known after apply)
      ~ public_ip                            = "34.242.118.7" -> (known after apply)
        tags                                 = {
            "Name" = "storefront-web-0"
        }
        # (21 unchanged attributes hidden)

      ~ root_block_device {
          ~ device_name           = "/dev/xvda" -> (known after apply)
          ~ volume_id             = "vol-0123456789abcdef0" -> (known after apply)
            # (6 unchanged attributes hidden)
        }
    }

  # aws_instance.web[1] must be replaced
-/+ resource "aws_instance" "web" {
      ~ ami                                  = "ami-0a8e758f5e873d1c1" -> "ami-0d64bb532e0502c46" # forces replacement
      ~ arn                                  = "arn:aws:ec2:eu-west-1:123456789012:instance/i-0a1b2c3d4e5f60002" -> (known after apply)
      ~ id                                   = "i-0a1b2c3d4e5f60002" -> (known after apply)
      ~ instance_state                       = "running" -> (known after apply)
      ~ private_dns                          = "ip-10-0-2-17.eu-west-1.compute.internal" -> (known after apply)
      ~ private_ip                           = "10.0.2.17" -> (known after apply)
      ~ public_ip                            = "52.17.203.44" -> (known after apply)
        tags                                 = {
            "Name" = "storefront-web-1"
        }
        # (21 unchanged attributes hidden)

      ~ root_block_device {
          ~ device_name           = "/dev/xvda" -> (known after apply)
          ~ volume_id             = "vol-0fedcba9876543210" -> (known after apply)
            # (6 unchanged attributes hidden)
        }
    }

  # aws_s3_bucket_lifecycle_configuration.assets will be created
  + resource "aws_s3_bucket_lifecycle_configuration" "assets" {
      + bucket                                 = "acme-storefront-assets"
      + expected_bucket_owner                  = (known after apply)
      + id                                     = (known after apply)
      + transition_default_minimum_object_size = (known after apply)

      + rule {
          + id     = "expire-old-versions"
          + status = "Enabled"

          + noncurrent_version_expiration {
              + noncurrent_days = 30
            }
        }
    }

  # aws_security_group_rule.db_from_web will be created
  + resource "aws_security_group_rule" "db_from_web" {
      + from_port                = 5432
      + id                       = (known after apply)
      + protocol                 = "tcp"
      + security_group_id        = "sg-0fedcba9876543210"
      + security_group_rule_id   = (known after apply)
      + self                     = false
      + source_security_group_id = "sg-0123456789abcdef0"
      + to_port                  = 5432
      + type                     = "ingress"
    }

  # aws_security_group_rule.legacy_ssh will be destroyed
  # (because aws_security_group_rule.legacy_ssh is not in configuration)
  - resource "aws_security_group_rule" "legacy_ssh" {
      - cidr_blocks            = [
          - "0.0.0.0/0",
        ] -> null
      - from_port              = 22 -> null
      - id                     = "sgrule-2840127593" -> null
      - protocol               = "tcp" -> null
      - security_group_id      = "sg-0123456789abcdef0" -> null
      - security_group_rule_id = "sgr-0a1b2c3d4e5f67890" -> null
      - self                   = false -> null
      - to_port                = 22 -> null
      - type                   = "ingress" -> null
    }

  # aws_lb.web will be updated in-place
  ~ resource "aws_lb" "web" {
      ~ idle_timeout                                = 60 -> 120
        id                                          = "arn:aws:elasticloadbalancing:eu-west-1:123456789012:loadbalancer/app/storefront/50dc6c495c0c9188"
        name                                        = "storefront"
        tags                                        = {}
        # (24 unchanged attributes hidden)

        # (3 unchanged blocks hidden)
    }

  # aws_sns_topic_subscription.ops_email will be created
  + resource "aws_sns_topic_subscription" "ops_email" {
      + arn                             = (known after apply)
      + confirmation_timeout_in_minutes = 1
      + confirmation_was_authenticated  = (known after apply)
      + endpoint                        = "ops@example.com"
      + endpoint_auto_confirms          = false
      + filter_policy_scope             = (known after apply)
      + id                              = (known after apply)
      + owner_id                        = (known after apply)
      + pending_confirmation            = (known after apply)
      + protocol                        = "email"
      + raw_message_delivery            = false
      + topic_arn                       = "arn:aws:sns:eu-west-1:123456789012:ops-alerts"
    }

Plan: 6 to add, 2 to change, 3 to destroy.

Changes to Outputs:
  ~ web_private_ips = [
      - "10.0.1.12",
      - "10.0.2.17",
      + (known after apply),
      + (known after apply),
    ]

`)
	b.WriteString(strings.Repeat("─", 77) + "\n\n")
	b.WriteString(`Note: You didn't use the -out option to save this plan, so Terraform can't
guarantee to take exactly these actions if you run "terraform apply" now.
`)
	return b.String()
}

// ------------------------------------------------------------------ macOS

// df -h on macOS 14 (APFS): sizes in Ki/Mi/Gi/Ti and the inode columns
// that BSD df prints by default.
const dfMacOS = `Filesystem        Size    Used   Avail Capacity iused ifree %iused  Mounted on
/dev/disk3s1s1   460Gi    10Gi   238Gi     5%    404k  2.5G    0%   /
devfs            203Ki   203Ki     0Bi   100%     702     0  100%   /dev
/dev/disk3s6     460Gi   4.0Gi   238Gi     2%       4  2.5G    0%   /System/Volumes/VM
/dev/disk3s2     460Gi    12Gi   238Gi     5%    1.5k  2.5G    0%   /System/Volumes/Preboot
/dev/disk3s4     460Gi   5.9Mi   238Gi     1%      60  2.5G    0%   /System/Volumes/Update
/dev/disk1s2     500Mi   6.0Mi   481Mi     2%       1  4.9M    0%   /System/Volumes/xarts
/dev/disk1s1     500Mi   5.6Mi   481Mi     2%      31  4.9M    0%   /System/Volumes/iSCPreboot
/dev/disk1s3     500Mi   2.6Mi   481Mi     1%      80  4.9M    0%   /System/Volumes/Hardware
/dev/disk3s5     460Gi   193Gi   238Gi    45%    2.9M  2.5G    0%   /System/Volumes/Data
map auto_home      0Bi     0Bi     0Bi   100%       0     0     -   /System/Volumes/Data/home
/dev/disk5s1     7.3Ti   3.1Ti   4.2Ti    43%    1.2M   45G    0%   /Volumes/Time Machine Backups
/dev/disk4s1     1.9Gi   1.4Gi   501Mi    74%      52  4.0G    0%   /Volumes/Docker Desktop Installer
`

// stat on macOS, default format:
// %d %i %Sp %l %Su %Sg %r %z "%Sa" "%Sm" "%Sc" "%SB" %k %b %#Xf %N
const statMacOS = `16777232 3318241 -rw-r--r-- 1 alice staff 0 26562 "Nov 29 13:25:09 2026" "Nov 29 13:25:09 2026" "Nov 29 13:25:11 2026" "Nov 12 09:02:44 2026" 4096 56 0 Release Notes 2026.md
`

// netstat -an -p tcp on macOS 14: tcp4/tcp6/tcp46 protocols, addresses
// with the port after a dot, a trailing (state) column.
func netstatMacOS() string {
	var b strings.Builder
	b.WriteString("Active Internet connections (including servers)\n")
	b.WriteString("Proto Recv-Q Send-Q  Local Address          Foreign Address        (state)    \n")
	row := func(proto string, rq, sq int, local, foreign, state string) {
		fmt.Fprintf(&b, "%-5s %6d %6d  %-22s %-22s %-11s\n", proto, rq, sq, local, foreign, state)
	}
	for _, c := range []struct{ local, foreign, state string }{
		{"192.168.1.23.52944", "140.82.112.25.443", "ESTABLISHED"},
		{"192.168.1.23.52941", "17.253.53.207.443", "ESTABLISHED"},
		{"192.168.1.23.52933", "151.101.1.69.443", "ESTABLISHED"},
		{"192.168.1.23.52930", "35.186.224.25.443", "ESTABLISHED"},
		{"192.168.1.23.52912", "142.250.185.78.443", "TIME_WAIT"},
		{"192.168.1.23.52907", "104.18.32.47.443", "ESTABLISHED"},
		{"192.168.1.23.52899", "52.85.151.22.443", "CLOSE_WAIT"},
		{"127.0.0.1.5432", "127.0.0.1.52871", "ESTABLISHED"},
		{"127.0.0.1.52871", "127.0.0.1.5432", "ESTABLISHED"},
		{"192.168.1.23.52860", "162.159.136.234.443", "ESTABLISHED"},
		{"192.168.1.23.52851", "17.57.146.52.5223", "ESTABLISHED"},
		{"192.168.1.23.52840", "13.107.42.14.443", "FIN_WAIT_2"},
	} {
		row("tcp4", 0, 0, c.local, c.foreign, c.state)
	}
	row("tcp6", 0, 0, "fe80::1c8f:9a2b:7d3.52877", "fe80::8e3b:4aff:f.62078", "ESTABLISHED")
	row("tcp6", 0, 0, "2a02:8109:b6c0:1f0.52866", "2606:4700::6812:1.443", "ESTABLISHED")
	for _, l := range []struct{ proto, local string }{
		{"tcp4", "127.0.0.1.5432"}, {"tcp6", "::1.5432"}, {"tcp46", "*.3000"}, {"tcp4", "127.0.0.1.6379"},
		{"tcp46", "*.7000"}, {"tcp46", "*.5000"}, {"tcp4", "127.0.0.1.8021"}, {"tcp6", "*.49152"}, {"tcp4", "*.49152"},
		{"tcp4", "127.0.0.1.631"}, {"tcp6", "::1.631"}, {"tcp4", "*.22"}, {"tcp6", "*.22"},
	} {
		row(l.proto, 0, 0, l.local, "*.*", "LISTEN")
	}
	return b.String()
}
