package engine

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/parism-go/parism/catalog/pack"
)

// WithPacksDir loads parser packs from dir instead of pack.ParsersDir()
// ($PARISM_HOME/parsers or ~/.parism/parsers); "" turns packs off.
func WithPacksDir(dir string) Option {
	return func(e *Engine) { e.packs = &packSet{dir: dir, set: true} }
}

// WithPackStderr sends the packs' stderr (and reports of broken packs) to
// w instead of os.Stderr.
func WithPackStderr(w io.Writer) Option {
	return func(e *Engine) { e.packStderr = w }
}

// packRecheck is how often the parsers directory is looked at again, so a
// pack added by `parism add` is used without a restart at the cost of a few
// stat calls a second at most.
var packRecheck = time.Second

// packSet is the engine's view of the installed packs.
type packSet struct {
	dir string
	set bool // dir chosen by WithPacksDir

	mu      sync.Mutex
	checked time.Time
	sig     string
	loaded  map[string]*pack.Pack // by parser ID
	errs    []string
}

// initPacks loads the packs at start. A broken pack is reported and
// skipped; it never stops the engine.
func (e *Engine) initPacks() {
	if e.packs == nil {
		e.packs = &packSet{dir: pack.ParsersDir()}
	}
	if e.packStderr == nil {
		e.packStderr = os.Stderr
	}
	e.refreshPacks(true)
}

func (e *Engine) packOptions() pack.Options {
	p := e.cfg.Parsers
	return pack.Options{
		TimeLimit:     time.Duration(p.ExternalTimeLimitMs) * time.Millisecond,
		MemoryLimitMB: p.ExternalMemoryLimitMb,
		StrictSchemas: p.StrictSchemas,
		Stderr:        e.packStderr,
		Env:           e.env,
	}
}

// refreshPacks reloads the packs when the parsers directory changed; it
// looks at most once per packRecheck unless forced.
func (e *Engine) refreshPacks(force bool) {
	ps := e.packs
	if ps == nil || ps.dir == "" {
		return
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	now := time.Now()
	if !force && now.Sub(ps.checked) < packRecheck {
		return
	}
	ps.checked = now
	sig := dirSignature(ps.dir)
	if sig == ps.sig && ps.loaded != nil {
		return
	}
	ps.sig = sig
	packs, errs := pack.LoadPacks(ps.dir, e.packOptions())
	for id := range ps.loaded {
		e.reg.Unregister(id)
	}
	ps.loaded = map[string]*pack.Pack{}
	ps.errs = nil
	for _, err := range errs {
		ps.errs = append(ps.errs, err.Error())
	}
	builtin := map[string]bool{}
	for _, p := range e.reg.Parsers() {
		builtin[p.ID] = true
		builtin["key:"+p.Key()] = true
	}
	for _, p := range packs {
		id := p.Parser.ID
		switch {
		case builtin[id]:
			ps.errs = append(ps.errs, fmt.Sprintf("%s: a built-in parser is already named %q; rename the pack", p.Dir, id))
			continue
		case builtin["key:"+p.Parser.Key()]:
			ps.errs = append(ps.errs, fmt.Sprintf("%s: %q already has a built-in parser; packs add commands the catalog lacks", p.Dir, p.Parser.Key()))
			continue
		}
		if err := e.reg.Register(p.Parser); err != nil {
			ps.errs = append(ps.errs, fmt.Sprintf("%s: %v", p.Dir, err))
			continue
		}
		ps.loaded[id] = p
	}
	for _, msg := range ps.errs {
		fmt.Fprintf(e.packStderr, "parism: parser pack skipped: %s\n", msg)
	}
}

// dirSignature changes whenever a pack is added, removed or edited: names
// and modification times of the pack directories and their top-level files.
func dirSignature(dir string) string {
	var b strings.Builder
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "missing"
	}
	for _, d := range ents {
		if !d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			continue
		}
		sub := filepath.Join(dir, d.Name())
		files, _ := os.ReadDir(sub)
		fmt.Fprintf(&b, "%s/", d.Name())
		for _, f := range files {
			if info, err := f.Info(); err == nil {
				fmt.Fprintf(&b, "%s:%d:%d,", f.Name(), info.ModTime().UnixNano(), info.Size())
			}
		}
		b.WriteByte(';')
	}
	return b.String()
}

// packInfo says whether parser id comes from a pack, and its kind.
func (e *Engine) packInfo(id string) (*pack.Pack, bool) {
	if e.packs == nil {
		return nil, false
	}
	e.packs.mu.Lock()
	defer e.packs.mu.Unlock()
	p, ok := e.packs.loaded[id]
	return p, ok
}

// PackErrors lists the packs that could not be loaded, and why.
func (e *Engine) PackErrors() []string {
	if e.packs == nil {
		return nil
	}
	e.refreshPacks(false)
	e.packs.mu.Lock()
	defer e.packs.mu.Unlock()
	return slices.Clone(e.packs.errs)
}

// isPack reports whether the parser id belongs to a loaded pack.
func (e *Engine) isPack(id string) bool {
	_, ok := e.packInfo(id)
	return ok
}
