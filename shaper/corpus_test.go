package shaper

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// The corpus: JSON shaped like Parism's answers (listings, processes, git,
// Kubernetes objects, environment, raw text with aligned columns, non-ASCII
// names), generated deterministically. Tokenizer and budget tests measure
// on it.

var (
	words = strings.Fields(`the of and to in is for on with as by at from build test src lib cmd internal
		server client config main index util helper handler router model view controller service
		report summary draft final backup archive image photo video music notes readme license
		changelog package module vendor node_modules dist public assets styles scripts docs
		alpha beta gamma delta release staging production deploy worker queue cache session token`)
	exts      = []string{".go", ".md", ".json", ".ts", ".js", ".log", ".txt", ".yaml", ".png", ".tar.gz", ".sh", ".py", ""}
	users     = []string{"root", "alice", "bob", "www-data", "postgres", "nobody", "ci-runner", "jinho"}
	months    = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	intlNames = []string{"보고서", "사진", "문서 최종본", "資料", "テスト", "ファイル", "Übersicht", "naïve café", "résumé", "Привет", "😀 notes", "数据_2024"}
	commands  = []string{"/usr/bin/python3 -m http.server 8080", "/usr/lib/systemd/systemd --user", "node /app/dist/index.js --port=3000",
		"postgres: checkpointer", "/usr/sbin/sshd -D", "[kworker/0:1-events]", "/bin/bash --login", "go test -count=1 ./...",
		"/usr/local/bin/containerd-shim-runc-v2 -namespace moby -id 4a90aa7d14e61028", "java -Xmx2g -jar /opt/app/app.jar"}
)

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func fileName(r *rand.Rand) string {
	switch r.IntN(10) {
	case 0:
		return pick(r, intlNames) + pick(r, exts)
	case 1:
		return fmt.Sprintf("%s-%d%s", pick(r, words), r.IntN(100000), pick(r, exts))
	case 2:
		return fmt.Sprintf("%x", r.Uint64())
	case 3:
		return "." + pick(r, words) + "rc"
	}
	n := 1 + r.IntN(3)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = pick(r, words)
	}
	return strings.Join(parts, pick(r, []string{"_", "-", ""})) + pick(r, exts)
}

func hexString(r *rand.Rand, n int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = digits[r.IntN(16)]
	}
	return string(b)
}

func uuid(r *rand.Rand) string {
	h := hexString(r, 32)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func perm(r *rand.Rand) string {
	return pick(r, []string{"rwx", "rw-", "r-x", "r--", "---"})
}

func timestamp(r *rand.Rand) string {
	return fmt.Sprintf("2026-%02d-%02dT%02d:%02d:%02d", 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
}

type lsEntry struct {
	Type        string            `json:"type"`
	Name        string            `json:"name"`
	Permissions map[string]string `json:"permissions"`
	Links       int               `json:"links"`
	Owner       string            `json:"owner"`
	Group       string            `json:"group"`
	SizeBytes   int64             `json:"size_bytes"`
	ModifiedAt  string            `json:"modified_at"`
	Target      string            `json:"target,omitempty"`
}

func lsEntries(r *rand.Rand, n int) []lsEntry {
	out := make([]lsEntry, n)
	for i := range out {
		e := lsEntry{Type: pick(r, []string{"file", "file", "file", "directory", "symlink"}), Name: fileName(r),
			Permissions: map[string]string{"owner": perm(r), "group": perm(r), "other": perm(r)},
			Links:       1 + r.IntN(4), Owner: pick(r, users), Group: pick(r, users),
			SizeBytes: int64(r.ExpFloat64() * 50000), ModifiedAt: timestamp(r)}
		if e.Type == "symlink" {
			e.Target = "../" + fileName(r)
		}
		out[i] = e
	}
	return out
}

func lsRaw(es []lsEntry) string {
	var b strings.Builder
	fmt.Fprintf(&b, "total %d\n", len(es)*4)
	for _, e := range es {
		kind := "-"
		switch e.Type {
		case "directory":
			kind = "d"
		case "symlink":
			kind = "l"
		}
		p := e.Permissions
		fmt.Fprintf(&b, "%s%s%s%s %2d %-8s %-8s %8d %s %2d %s %s", kind, p["owner"], p["group"], p["other"],
			e.Links, e.Owner, e.Group, e.SizeBytes, months[len(e.Name)%12], 1+len(e.Owner)%28, e.ModifiedAt[11:16], e.Name)
		if e.Target != "" {
			b.WriteString(" -> " + e.Target)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

type psRow struct {
	User    string  `json:"user"`
	PID     int     `json:"pid"`
	CPU     float64 `json:"cpu_percent"`
	Mem     float64 `json:"mem_percent"`
	VSZ     int     `json:"vsz"`
	RSS     int     `json:"rss"`
	TTY     string  `json:"tty"`
	Stat    string  `json:"stat"`
	Start   string  `json:"start"`
	Time    string  `json:"time"`
	Command string  `json:"command"`
}

type gitCommit struct {
	Hash    string `json:"hash"`
	Author  string `json:"author"`
	Email   string `json:"email"`
	Date    string `json:"date"`
	Subject string `json:"subject"`
}

type pod struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name              string            `json:"name"`
		Namespace         string            `json:"namespace"`
		UID               string            `json:"uid"`
		Labels            map[string]string `json:"labels"`
		CreationTimestamp string            `json:"creationTimestamp"`
	} `json:"metadata"`
	Status struct {
		Phase      string `json:"phase"`
		PodIP      string `json:"podIP"`
		Containers []struct {
			Name         string `json:"name"`
			Image        string `json:"image"`
			Ready        bool   `json:"ready"`
			RestartCount int    `json:"restartCount"`
		} `json:"containerStatuses"`
	} `json:"status"`
}

func sentence(r *rand.Rand) string {
	n := 3 + r.IntN(8)
	ws := make([]string, n)
	for i := range ws {
		ws[i] = pick(r, words)
	}
	ws[0] = strings.ToUpper(ws[0][:1]) + ws[0][1:]
	return strings.Join(ws, " ")
}

// corpusDoc is one document of the corpus.
type corpusDoc struct {
	name string
	data []byte
}

func mustJSON(v any) []byte {
	b, err := marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// corpus returns n-row documents of every shape, seeded.
func corpus(seed uint64, n int) []corpusDoc {
	r := rand.New(rand.NewPCG(seed, 99))
	var docs []corpusDoc
	add := func(name string, v any) { docs = append(docs, corpusDoc{name, mustJSON(v)}) }

	es := lsEntries(r, n)
	add("ls", map[string]any{"entries": es})
	raw := lsRaw(es)
	add("ls-envelope", map[string]any{"ok": true, "exitCode": 0, "cmd": "ls", "args": []string{"-la"},
		"stdout": map[string]any{"raw": raw, "parsed": map[string]any{"entries": es}}, "stderr": ""})

	ps := make([]psRow, n)
	for i := range ps {
		ps[i] = psRow{User: pick(r, users), PID: 1 + r.IntN(400000), CPU: float64(r.IntN(1000)) / 10, Mem: float64(r.IntN(300)) / 10,
			VSZ: r.IntN(9000000), RSS: r.IntN(900000), TTY: pick(r, []string{"?", "pts/0", "pts/1", "tty1"}),
			Stat: pick(r, []string{"Ss", "S", "R+", "Sl", "I<", "Z"}), Start: fmt.Sprintf("%02d:%02d", r.IntN(24), r.IntN(60)),
			Time: fmt.Sprintf("%d:%02d", r.IntN(100), r.IntN(60)), Command: pick(r, commands)}
	}
	add("ps", map[string]any{"processes": ps})

	commits := make([]gitCommit, n)
	for i := range commits {
		u := pick(r, users)
		commits[i] = gitCommit{Hash: hexString(r, 40), Author: u, Email: u + "@example.com", Date: timestamp(r) + "+09:00", Subject: sentence(r)}
	}
	add("git-log", map[string]any{"commits": commits})

	status := make([]map[string]any, n)
	for i := range status {
		status[i] = map[string]any{"xy": pick(r, []string{" M", "M ", "??", "A ", " D", "R "}), "path": "src/" + fileName(r)}
	}
	add("git-status", map[string]any{"branch": "main", "entries": status})

	pods := make([]pod, n)
	for i := range pods {
		p := &pods[i]
		p.APIVersion, p.Kind = "v1", "Pod"
		app := pick(r, words)
		p.Metadata.Name = app + "-" + hexString(r, 10) + "-" + hexString(r, 5)
		p.Metadata.Namespace = pick(r, []string{"default", "kube-system", "production"})
		p.Metadata.UID = uuid(r)
		p.Metadata.Labels = map[string]string{"app.kubernetes.io/name": app, "pod-template-hash": hexString(r, 10)}
		p.Metadata.CreationTimestamp = timestamp(r) + "Z"
		p.Status.Phase = pick(r, []string{"Running", "Pending", "Succeeded", "Failed"})
		p.Status.PodIP = fmt.Sprintf("10.%d.%d.%d", r.IntN(256), r.IntN(256), r.IntN(256))
		p.Status.Containers = append(p.Status.Containers, struct {
			Name         string `json:"name"`
			Image        string `json:"image"`
			Ready        bool   `json:"ready"`
			RestartCount int    `json:"restartCount"`
		}{app, "registry.example.com/" + app + ":v1." + fmt.Sprint(r.IntN(40)), r.IntN(5) > 0, r.IntN(3)})
	}
	add("kubectl", map[string]any{"apiVersion": "v1", "kind": "List", "items": pods})

	env := make([]map[string]string, n)
	for i := range env {
		v := pick(r, []string{"/usr/local/bin:/usr/bin:/bin", "en_US.UTF-8", hexString(r, 32), "xterm-256color", "/home/" + pick(r, users)})
		env[i] = map[string]string{"name": strings.ToUpper(pick(r, words)) + "_" + strings.ToUpper(pick(r, words)), "value": v}
	}
	add("env", map[string]any{"variables": env})

	intl := make([]map[string]any, n)
	for i := range intl {
		intl[i] = map[string]any{"name": pick(r, intlNames) + fmt.Sprint(i) + pick(r, exts), "size_bytes": r.IntN(1 << 20), "owner": pick(r, users)}
	}
	add("intl-names", map[string]any{"entries": intl})

	fs := make([]map[string]any, n)
	for i := range fs {
		size := r.IntN(1 << 30)
		used := r.IntN(size + 1)
		fs[i] = map[string]any{"filesystem": pick(r, []string{"/dev/sda1", "/dev/nvme0n1p2", "tmpfs", "overlay", "//nas/share"}),
			"size_kb": size, "used_kb": used, "avail_kb": size - used, "use_percent": used * 100 / max(size, 1), "mounted_on": "/" + pick(r, words)}
	}
	add("df", map[string]any{"filesystems": fs})

	journal := make([]map[string]any, n)
	for i := range journal {
		journal[i] = map[string]any{"timestamp": timestamp(r) + "." + fmt.Sprint(r.IntN(1000000)), "unit": pick(r, words) + ".service",
			"pid": r.IntN(99999), "priority": r.IntN(8),
			"message": fmt.Sprintf("%s: connection from %d.%d.%d.%d port %d (%s, %d%%) -- retrying in %dms...", sentence(r),
				r.IntN(256), r.IntN(256), r.IntN(256), r.IntN(256), r.IntN(65536), pick(r, words), r.IntN(100), r.IntN(5000))}
	}
	add("journal", map[string]any{"entries": journal})

	deps := make([]map[string]any, n)
	for i := range deps {
		deps[i] = map[string]any{"name": pick(r, []string{"@types/", "@babel/", "", "", "@scope/"}) + pick(r, words) + "-" + pick(r, words),
			"version": fmt.Sprintf("%d.%d.%d", r.IntN(20), r.IntN(40), r.IntN(100)), "resolved": "https://registry.npmjs.org/" + pick(r, words) + "/-/" + pick(r, words) + ".tgz",
			"integrity": "sha512-" + hexString(r, 20) + "Zq9+" + strings.ToUpper(hexString(r, 8)) + "/w==", "dev": r.IntN(2) == 0}
	}
	add("npm", map[string]any{"dependencies": deps})

	code := []string{"\tif err != nil {", "\t\treturn nil, fmt.Errorf(\"open %s: %w\", path, err)", "}", "func (s *Server) Handle(ctx context.Context, req *Request) error {",
		"\tfor i := 0; i < len(rows); i++ {", "// Count returns the number of tokens.", "\tdefer f.Close()", "import \"strings\"", "\tx := map[string]int{\"a\": 1}"}
	lines := make([]map[string]any, n)
	for i := range lines {
		lines[i] = map[string]any{"op": pick(r, []string{"+", "-", " "}), "line": i + 1, "text": pick(r, code)}
	}
	add("diff", map[string]any{"file": "server/engine/" + fileName(r), "lines": lines})
	return docs
}

// compactJSON renders v in the compact table form, as the server would.
func compactJSON(data []byte) []byte {
	v, err := Decode(data)
	if err != nil {
		panic(err)
	}
	return mustJSON(Compact(v))
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 99)) }
