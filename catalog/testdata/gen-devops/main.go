// Command gen-devops writes the kubectl, docker, gh and helm golden inputs
// (testdata/<os>/<parser>/<case>.txt, and a .json skeleton for a new case)
// laid out the way those programs lay them out: kubectl and docker through
// text/tabwriter with their settings, helm through uitable (cells padded,
// joined by tabs), gh piped as tab-separated fields. Values are invented.
// Run from the catalog directory: go run ./testdata/gen-devops .
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
)

// root is the catalog directory (go run ./testdata/gen-devops .): each
// case goes to the testdata of the parser package that holds the parser's
// other cases (parsers/<package>/testdata/<os>/<parser>).
var root = os.Args[1]

// caseDir is where parser's cases for osName go.
func caseDir(osName, parser string) string {
	m, _ := filepath.Glob(filepath.Join(root, "parsers", "*", "testdata", "*", parser))
	if len(m) == 0 {
		fmt.Fprintf(os.Stderr, "gen-devops: no package holds cases of %s\n", parser)
		os.Exit(1)
	}
	return filepath.Join(filepath.Dir(filepath.Dir(m[0])), osName, parser)
}

func write(osName, parser, name string, args []string, raw string, extra map[string]any) {
	dir := caseDir(osName, parser)
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, name+".txt"), []byte(raw), 0o644)
	jp := filepath.Join(dir, name+".json")
	if _, err := os.Stat(jp); err == nil {
		return
	}
	a, _ := json.Marshal(args)
	var b strings.Builder
	fmt.Fprintf(&b, "{\n  \"args\": %s,\n  \"now\": \"2026-11-29T12:00:00Z\",\n  \"location\": \"UTC\",\n", a)
	for k, v := range extra {
		vb, _ := json.Marshal(v)
		fmt.Fprintf(&b, "  %q: %s,\n", k, vb)
	}
	b.WriteString("  \"expected\": null\n}\n")
	os.WriteFile(jp, []byte(b.String()), 0o644)
}

// table lays rows out as tabwriter does with the given settings.
func table(minw, tabw, pad int, rows [][]string) string {
	var buf bytes.Buffer
	w := tabwriter.NewWriter(&buf, minw, tabw, pad, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(w, strings.Join(r, "\t"))
	}
	w.Flush()
	return buf.String()
}

func kube(rows ...[]string) string   { return table(6, 4, 3, rows) }
func docker(rows ...[]string) string { return table(10, 1, 3, rows) }

// uitable as helm uses it: every cell padded to its column width, cells
// joined by tabs.
func uitable(rows [][]string) string {
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			if n := len([]rune(c)); n > width[i] {
				width[i] = n
			}
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			if i > 0 {
				b.WriteByte('\t')
			}
			b.WriteString(c + strings.Repeat(" ", width[i]-len([]rune(c))))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func r(c ...string) []string { return c }

func main() {
	// ------------------------------------------------------------ kubectl
	pods := [][]string{
		r("NAME", "READY", "STATUS", "RESTARTS", "AGE"),
		r("web-7d4b9c8f6d-x2x9k", "1/1", "Running", "0", "3d4h"),
		r("web-7d4b9c8f6d-q8n2m", "1/1", "Running", "1 (26h ago)", "3d4h"),
		r("api-gateway-5f6b7c8d9-abcde", "0/1", "CrashLoopBackOff", "5 (2m ago)", "45m"),
		r("payments-reconciliation-worker-6c9f7b5d4-z7k2p", "2/2", "Running", "0", "12d"),
		r("db-migrate-28519200-q7r2t", "0/1", "Completed", "0", "6h12m"),
		r("cache-0", "0/1", "Pending", "0", "10s"),
		r("frontend-84d9f6c7b-wq4rt", "0/1", "ImagePullBackOff", "0", "3m5s"),
		r("batch-runner-7f8c9d-kk2lm", "0/1", "Init:0/2", "0", "2y37d"),
		r("old-report-5b6c7d-jj9hh", "0/1", "Evicted", "0", "400d"),
		r("legacy-cron-1a2b3c-ffx7z", "1/1", "Terminating", "17 (3d ago)", "5d"),
	}
	write("linux", "kubectl-get", "pods", []string{"get", "pods"}, kube(pods...), nil)
	write("linux", "kubectl-get", "pods_max_items", []string{"get", "pods"}, kube(pods...), map[string]any{"max_items": 4, "rows_omitted": 6})
	wide := [][]string{
		r("NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"),
		r("web-7d4b9c8f6d-x2x9k", "1/1", "Running", "0", "3d4h", "10.244.1.17", "worker-1", "<none>", "<none>"),
		r("api-gateway-5f6b7c8d9-abcde", "0/1", "CrashLoopBackOff", "5 (2m ago)", "45m", "10.244.2.31", "worker-2", "<none>", "<none>"),
		r("cache-0", "0/1", "Pending", "0", "10s", "<none>", "<none>", "worker-3", "<none>"),
		r("gated-6f7d8c-mm3nn", "1/1", "Running", "0", "2h", "10.244.3.9", "ip-10-0-12-7.eu-west-1.compute.internal", "<none>", "0/1"),
	}
	write("linux", "kubectl-get", "pods_wide", []string{"get", "pods", "-o", "wide"}, kube(wide...), nil)
	all := [][]string{
		r("NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE"),
		r("default", "web-7d4b9c8f6d-x2x9k", "1/1", "Running", "0", "3d4h"),
		r("kube-system", "coredns-5dd5756b68-7xk2p", "1/1", "Running", "2 (5d ago)", "41d"),
		r("kube-system", "etcd-control-plane", "1/1", "Running", "0", "41d"),
		r("monitoring", "prometheus-k8s-0", "2/2", "Running", "0", "9d"),
		r("payments", "payments-reconciliation-worker-6c9f7b5d4-z7k2p", "0/2", "CrashLoopBackOff", "12 (49s ago)", "1h2m"),
	}
	write("linux", "kubectl-get", "pods_all_namespaces", []string{"get", "pods", "-A"}, kube(all...), nil)
	allWide := [][]string{
		r("NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"),
		r("default", "web-7d4b9c8f6d-x2x9k", "1/1", "Running", "0", "3d4h", "10.244.1.17", "worker-1", "<none>", "<none>"),
		r("kube-system", "kube-proxy-9xq2d", "1/1", "Running", "0", "41d", "172.18.0.2", "control-plane", "<none>", "<none>"),
	}
	write("linux", "kubectl-get", "pods_wide_all_namespaces", []string{"get", "pods", "--all-namespaces", "-o=wide"}, kube(allWide...), nil)
	events := [][]string{
		r("LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"),
		r("12m", "Normal", "Scheduled", "pod/web-7d4b9c8f6d-x2x9k", "Successfully assigned default/web-7d4b9c8f6d-x2x9k to worker-1"),
		r("12m", "Normal", "Pulled", "pod/web-7d4b9c8f6d-x2x9k", "Container image \"nginx:1.27\" already present on machine"),
		r("2m3s", "Warning", "BackOff", "pod/api-gateway-5f6b7c8d9-abcde", "Back-off restarting failed container gateway in pod api-gateway-5f6b7c8d9-abcde_default(3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60)"),
		r("45s", "Warning", "FailedScheduling", "pod/cache-0", "0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient memory. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.."),
		r("<unknown>", "Normal", "ScalingReplicaSet", "deployment/web", "Scaled up replica set web-7d4b9c8f6d to 2 from 1"),
		r("3m", "Warning", "Failed", "pod/frontend-84d9f6c7b-wq4rt", "Failed to pull image \"registry.example.com/frontend:v2.3.1\": rpc error: code = NotFound desc = failed to pull and unpack image"),
	}
	write("linux", "kubectl-get", "events", []string{"get", "events"}, kube(events...), nil)
	eventsAll := [][]string{
		r("NAMESPACE", "LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"),
		r("default", "12m", "Normal", "Killing", "pod/web-7d4b9c8f6d-old11", "Stopping container nginx"),
		r("kube-system", "5m", "Warning", "Unhealthy", "pod/coredns-5dd5756b68-7xk2p", "Readiness probe failed: HTTP probe failed with statuscode: 503"),
	}
	write("linux", "kubectl-get", "events_all_namespaces", []string{"get", "events", "-A"}, kube(eventsAll...), nil)
	deps := [][]string{
		r("NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"),
		r("web", "2/2", "2", "2", "3d4h"),
		r("api-gateway", "0/1", "1", "0", "45m"),
		r("payments-reconciliation-worker", "3/3", "3", "3", "12d"),
	}
	write("linux", "kubectl-get", "deployments", []string{"get", "deployments"}, kube(deps...), nil)
	svc := [][]string{
		r("NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE"),
		r("kubernetes", "ClusterIP", "10.96.0.1", "<none>", "443/TCP", "41d"),
		r("web", "LoadBalancer", "10.96.112.7", "<pending>", "80:31380/TCP,443:31390/TCP", "3d4h"),
		r("db", "ClusterIP", "None", "<none>", "5432/TCP", "12d"),
	}
	write("linux", "kubectl-get", "services", []string{"get", "svc"}, kube(svc...), nil)
	nodes := [][]string{
		r("NAME", "STATUS", "ROLES", "AGE", "VERSION"),
		r("control-plane", "Ready", "control-plane", "41d", "v1.30.2"),
		r("worker-1", "Ready", "<none>", "41d", "v1.30.2"),
		r("worker-2", "NotReady,SchedulingDisabled", "<none>", "40d", "v1.30.2"),
	}
	write("linux", "kubectl-get", "nodes", []string{"get", "nodes"}, kube(nodes...), nil)
	getAll := kube(
		r("NAME", "READY", "STATUS", "RESTARTS", "AGE"),
		r("pod/web-7d4b9c8f6d-x2x9k", "1/1", "Running", "0", "3d4h"),
		r("pod/api-gateway-5f6b7c8d9-abcde", "0/1", "CrashLoopBackOff", "5 (2m ago)", "45m"),
	) + "\n" + kube(
		r("NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE"),
		r("service/kubernetes", "ClusterIP", "10.96.0.1", "<none>", "443/TCP", "41d"),
		r("service/web", "LoadBalancer", "10.96.112.7", "<pending>", "80:31380/TCP", "3d4h"),
	) + "\n" + kube(
		r("NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"),
		r("deployment.apps/web", "2/2", "2", "2", "3d4h"),
	) + "\n" + kube(
		r("NAME", "DESIRED", "CURRENT", "READY", "AGE"),
		r("replicaset.apps/web-7d4b9c8f6d", "2", "2", "2", "3d4h"),
	)
	write("linux", "kubectl-get", "all", []string{"get", "all"}, getAll, nil)
	write("linux", "kubectl-get", "name", []string{"get", "pods", "-o", "name"},
		"pod/web-7d4b9c8f6d-x2x9k\npod/api-gateway-5f6b7c8d9-abcde\npod/cache-0\n", nil)
	labels := [][]string{
		r("NAME", "READY", "STATUS", "RESTARTS", "AGE", "LABELS"),
		r("web-7d4b9c8f6d-x2x9k", "1/1", "Running", "0", "3d4h", "app=web,pod-template-hash=7d4b9c8f6d,tier=frontend"),
		r("cache-0", "0/1", "Pending", "0", "10s", "<none>"),
	}
	write("linux", "kubectl-get", "show_labels", []string{"get", "pods", "--show-labels"}, kube(labels...), nil)
	custom := [][]string{
		r("NAME", "NODE", "PHASE", "START TIME"),
		r("web-7d4b9c8f6d-x2x9k", "worker-1", "Running", "2026-11-26T07:48:12Z"),
		r("cache-0", "<none>", "Pending", "<none>"),
	}
	write("linux", "kubectl-get", "custom_columns", []string{"get", "pods", "-o", "custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,PHASE:.status.phase,START TIME:.status.startTime"}, kube(custom...), nil)
	write("linux", "kubectl-get", "empty", []string{"get", "pods", "-n", "staging"}, "", nil)
	write("linux", "kubectl-get", "yaml", []string{"-n", "prod", "get", "pods", "-o", "yaml"}, "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n", nil)
	write("linux", "kubectl-get", "jsonpath", []string{"get", "pods", "-o=jsonpath={.items[*].metadata.name}"}, "web-7d4b9c8f6d-x2x9k cache-0", nil)
	crlf := strings.ReplaceAll(kube(pods[:4]...), "\n", "\r\n")
	write("windows", "kubectl-get", "pods_crlf", []string{"get", "pods"}, crlf, nil)

	// ------------------------------------------------------------ docker
	ps := [][]string{
		r("CONTAINER ID", "IMAGE", "COMMAND", "CREATED", "STATUS", "PORTS", "NAMES"),
		r("3f4e5d6c7b8a", "nginx:1.27-alpine", `"/docker-entrypoint.…"`, "2 hours ago", "Up 2 hours (healthy)", "0.0.0.0:8080->80/tcp, [::]:8080->80/tcp", "web"),
		r("9a8b7c6d5e4f", "postgres:16", `"docker-entrypoint.s…"`, "3 days ago", "Up 3 days", "5432/tcp", "db,web/db"),
		r("1b2c3d4e5f6a", "registry.example.com/team/api-gateway:v2.3.1", `"/app/gateway --con…"`, "45 minutes ago", "Restarting (1) 12 seconds ago", "", "api-gateway"),
		r("7c6b5a4f3e2d", "redis:7", `"redis-server"`, "5 weeks ago", "Exited (137) 2 weeks ago", "", "cache"),
		r("a1b2c3d4e5f6", "busybox", `"sh -c 'echo \"hi\"'"`, "About a minute ago", "Created", "", "hopeful_turing"),
		r("0f1e2d3c4b5a", "grafana/grafana:11.1.0", `"/run.sh"`, "9 days ago", "Up 9 days (Paused)", "0.0.0.0:3000->3000/tcp", "grafana"),
		r("5e6f7a8b9c0d", "ghcr.io/example/worker@sha256:4f1c2a", `"python -m worker"`, "26 hours ago", "Up 5 seconds (health: starting)", "0.0.0.0:9000-9001->9000-9001/tcp", "worker_1"),
		r("c0ffee123456", "alpine", `"/bin/sh"`, "Less than a second ago", "Up Less than a second", "", "café_container"),
	}
	write("linux", "docker-ps", "all", []string{"ps", "-a"}, docker(ps...), nil)
	noTrunc := [][]string{
		r("CONTAINER ID", "IMAGE", "COMMAND", "CREATED", "STATUS", "PORTS", "NAMES"),
		r("3f4e5d6c7b8a9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e", "nginx:1.27-alpine", `"/docker-entrypoint.sh nginx -g 'daemon off;'"`, "2 hours ago", "Up 2 hours (healthy)", "0.0.0.0:8080->80/tcp", "web"),
	}
	write("linux", "docker-ps", "no_trunc", []string{"ps", "--no-trunc"}, docker(noTrunc...), nil)
	size := [][]string{
		r("CONTAINER ID", "IMAGE", "COMMAND", "CREATED", "STATUS", "PORTS", "NAMES", "SIZE"),
		r("3f4e5d6c7b8a", "nginx:1.27-alpine", `"/docker-entrypoint.…"`, "2 hours ago", "Up 2 hours", "80/tcp", "web", "1.09kB (virtual 48.3MB)"),
		r("9a8b7c6d5e4f", "postgres:16", `"docker-entrypoint.s…"`, "3 days ago", "Up 3 days", "5432/tcp", "db", "63B (virtual 453MB)"),
	}
	write("linux", "docker-ps", "size", []string{"ps", "-s"}, docker(size...), nil)
	write("linux", "docker-ps", "quiet", []string{"ps", "-aq"}, "3f4e5d6c7b8a\n9a8b7c6d5e4f\n1b2c3d4e5f6a\n", nil)
	write("linux", "docker-ps", "empty", []string{"ps"}, docker(ps[0]), nil)
	customPs := [][]string{
		r("NAMES", "STATUS", "LABELS"),
		r("web", "Up 2 hours (healthy)", "com.docker.compose.project=shop,com.docker.compose.service=web"),
		r("db", "Up 3 days", ""),
	}
	write("linux", "docker-ps", "format_table", []string{"ps", "--format", "table {{.Names}}\t{{.Status}}\t{{.Labels}}"}, docker(customPs...), nil)
	write("linux", "docker-ps", "format_json", []string{"ps", "--format", "{{json .}}"}, `{"Command":"\"redis-server\"","ID":"7c6b5a4f3e2d","Names":"cache"}`+"\n"+`{"Command":"\"/run.sh\"","ID":"0f1e2d3c4b5a","Names":"grafana"}`+"\n", nil)

	stats := [][]string{
		r("CONTAINER ID", "NAME", "CPU %", "MEM USAGE / LIMIT", "MEM %", "NET I/O", "BLOCK I/O", "PIDS"),
		r("3f4e5d6c7b8a", "web", "0.07%", "14.17MiB / 7.667GiB", "0.18%", "1.05kB / 0B", "0B / 8.19kB", "5"),
		r("9a8b7c6d5e4f", "db", "112.45%", "1.5GiB / 2GiB", "75.00%", "45.6MB / 12.3MB", "1.23GB / 456MB", "34"),
		r("1b2c3d4e5f6a", "api-gateway", "0.00%", "0B / 0B", "0.00%", "0B / 0B", "0B / 0B", "0"),
		r("7c6b5a4f3e2d", "cache", "--", "-- / --", "--", "--", "--", "--"),
	}
	write("linux", "docker-stats", "no_stream", []string{"stats", "--no-stream", "-a"}, docker(stats...), nil)
	statsNamed := [][]string{
		r("CONTAINER", "CPU %", "MEM USAGE / LIMIT", "MEM %", "NET I/O", "BLOCK I/O", "PIDS"),
		r("web", "0.07%", "14.17MiB / 7.667GiB", "0.18%", "1.05kB / 0B", "0B / 8.19kB", "5"),
	}
	write("linux", "docker-stats", "named_container", []string{"stats", "--no-stream", "web"}, docker(statsNamed...), nil)
	write("linux", "docker-stats", "streaming", []string{"stats"}, "\x1b[2J\x1b[H"+docker(stats[:2]...), nil)
	winStats := [][]string{
		r("CONTAINER ID", "NAME", "CPU %", "PRIV WORKING SET", "NET I/O", "BLOCK I/O"),
		r("e5f4d3c2b1a0", "iis", "0.12%", "87.4MiB", "1.2MB / 450kB", "12.1MB / 8.19MB"),
		r("a0b1c2d3e4f5", "sql-express", "3.50%", "612.9MiB", "88.1kB / 12.4kB", "220MB / 1.01GB"),
	}
	write("windows", "docker-stats", "windows_containers", []string{"stats", "--no-stream"}, strings.ReplaceAll(docker(winStats...), "\n", "\r\n"), nil)

	imgs := [][]string{
		r("REPOSITORY", "TAG", "IMAGE ID", "CREATED", "SIZE"),
		r("nginx", "1.27-alpine", "4a1c7d7f2b3e", "2 weeks ago", "48.3MB"),
		r("postgres", "16", "b2f3e4d5c6a7", "3 weeks ago", "453MB"),
		r("registry.example.com:5000/team/api-gateway", "v2.3.1", "c3d4e5f6a7b8", "45 minutes ago", "1.21GB"),
		r("<none>", "<none>", "d4e5f6a7b8c9", "5 days ago", "987kB"),
		r("busybox", "latest", "e5f6a7b8c9d0", "14 months ago", "4.26MB"),
	}
	write("linux", "docker-images", "classic", []string{"images"}, docker(imgs...), nil)
	digests := [][]string{
		r("REPOSITORY", "TAG", "DIGEST", "IMAGE ID", "CREATED", "SIZE"),
		r("nginx", "1.27-alpine", "sha256:2f3e4d5c6b7a8f9e0d1c2b3a4f5e6d7c8b9a0f1e2d3c4b5a6f7e8d9c0b1a2f3e", "4a1c7d7f2b3e", "2 weeks ago", "48.3MB"),
		r("ghcr.io/example/worker", "<none>", "sha256:4f1c2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f", "f6a7b8c9d0e1", "26 hours ago", "312MB"),
	}
	write("linux", "docker-images", "digests", []string{"images", "--digests"}, docker(digests...), nil)
	newForm := "                                                                                    i Info →   U  In Use\n" +
		"IMAGE                                   ID             DISK USAGE   CONTENT SIZE   EXTRA\n" +
		"alpine:latest                           4bcff63911fc       12.8MB         3.99MB    U   \n" +
		"nginx:1.27-alpine                       4a1c7d7f2b3e       71.2MB         20.5MB    U   \n" +
		"registry.example.com:5000/team/api-gateway-with-a-very-long-name:v2.3.1\n" +
		"                                        c3d4e5f6a7b8       1.21GB          402MB        \n" +
		"postgres:16                             b2f3e4d5c6a7        453MB          159MB        \n"
	write("linux", "docker-images", "new_table", []string{"images"}, newForm, nil)
	write("linux", "docker-images", "quiet", []string{"images", "-q"}, "4a1c7d7f2b3e\nb2f3e4d5c6a7\n", nil)
	write("linux", "docker-images", "format_json", []string{"images", "--format", "json"}, `{"Containers":"N/A","ID":"4a1c7d7f2b3e","Repository":"nginx"}`+"\n"+`{"Containers":"N/A","ID":"b2f3e4d5c6a7","Repository":"postgres"}`+"\n", nil)

	// ------------------------------------------------------------ gh
	gh := "1287\tFix race in the session cache\tfix/session-race\tOPEN\t2026-11-28T16:42:05Z\n" +
		"1285\tDocs: explain   the  new config layering\tdocs/config\tDRAFT\t2026-11-27T09:03:51Z\n" +
		"1279\tBump golang.org/x/net from 0.30.0 to 0.31.0\tdependabot/go_modules/golang.org/x/net-0.31.0\tOPEN\t2026-11-25T06:12:00Z\n" +
		"1270\tAdd Ünïcode handling to the tokenizer 🚀\tcontributor:feature/unicode\tOPEN\t2026-11-20T21:30:17Z\n" +
		"1264\tRevert \"Speed up startup\"\trevert-1260\tMERGED\t2026-11-18T11:00:00Z\n" +
		"1251\tWIP: try a new scheduler\texperiment/scheduler\tCLOSED\t2026-11-02T08:15:44Z\n"
	write("linux", "gh-pr-list", "piped", []string{"pr", "list", "--state", "all"}, gh, nil)
	ghOld := "32\tNew feature\tfeature\tDRAFT\n29\tFixed bad bug\thubot:bug-fix\tOPEN\n28\tImprove documentation\tdocs\tMERGED\n"
	write("linux", "gh-pr-list", "piped_four_fields", []string{"pr", "list"}, ghOld, nil)
	ghTTY := "\nShowing 3 of 3 open pull requests in example/parism\n\n" + table(0, 0, 2, [][]string{
		r("ID", "TITLE", "BRANCH", "CREATED AT"),
		r("#1287", "Fix race in the session cache", "fix/session-race", "about 19 hours ago"),
		r("#1285", "Docs: explain the new config layering and why the project fil…", "docs/config", "about 2 days ago"),
		r("#1270", "Add unicode handling", "contributor:feature/unicode", "about 8 days ago"),
	})
	write("linux", "gh-pr-list", "terminal", []string{"pr", "list"}, ghTTY, nil)
	write("linux", "gh-pr-list", "empty", []string{"pr", "list"}, "", nil)
	write("linux", "gh-pr-list", "view", []string{"pr", "view", "1287"}, "title:\tFix race in the session cache\nstate:\tOPEN\n", nil)

	// ------------------------------------------------------------ helm
	helm := uitable([][]string{
		r("NAME", "NAMESPACE", "REVISION", "UPDATED", "STATUS", "CHART", "APP VERSION"),
		r("ingress-nginx", "ingress-nginx", "3", "2026-11-28 09:14:03.123456789 +0000 UTC", "deployed", "ingress-nginx-4.11.3", "1.11.3"),
		r("kube-prometheus-stack", "monitoring", "12", "2026-11-20 17:45:10.5 +0100 CET", "deployed", "kube-prometheus-stack-65.1.0", "v0.77.1"),
		r("payments", "payments", "47", "2026-11-29 11:02:44.000012 +0000 UTC", "failed", "payments-2.3.1", ""),
		r("redis", "cache", "1", "2026-10-01 08:00:00 -0700 PDT", "pending-upgrade", "redis-20.1.4", "7.4.1"),
	})
	write("linux", "helm-list", "all_namespaces", []string{"list", "-A"}, helm, nil)
	write("linux", "helm-list", "no_headers", []string{"list", "-A", "--no-headers"}, helm[strings.IndexByte(helm, '\n')+1:], nil)
	write("linux", "helm-list", "short", []string{"list", "-q"}, "ingress-nginx\nkube-prometheus-stack\npayments\n", nil)
	write("linux", "helm-list", "empty", []string{"list"}, uitable([][]string{r("NAME", "NAMESPACE", "REVISION", "UPDATED", "STATUS", "CHART", "APP VERSION")}), nil)
	write("linux", "helm-list", "yaml", []string{"list", "-n", "prod", "-o", "yaml"}, "- app_version: 1.11.3\n  chart: ingress-nginx-4.11.3\n", nil)
	write("linux", "helm-ls", "default_namespace", []string{"ls"}, uitable([][]string{
		r("NAME", "NAMESPACE", "REVISION", "UPDATED", "STATUS", "CHART", "APP VERSION"),
		r("web", "default", "8", "2026-11-27 14:30:00.987 +0000 UTC", "superseded", "web-0.4.2", "2.0.0"),
	}), nil)
}
