package engine

import (
	"container/list"
	"context"
	"strings"
	"sync"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/shaper"
)

// Reasons of config failures raised by the result store and the tools that
// read it (fetch_result, explain_result, compare_results).
const (
	ReasonResultNotFound    = "result_not_found" // no such id (or another session's)
	ReasonResultExpired     = "result_expired"   // kept, but older than results.ttl_ms
	ReasonResultEvicted     = "result_evicted"   // kept, then pushed out by newer results
	ReasonNotRetained       = "not_retained"     // issued by a run without retain
	ReasonResultTooLarge    = "result_too_large" // over results.max_result_bytes: answered, not kept
	ReasonInvalidPointer    = "invalid_pointer"
	ReasonDuplicateIdentity = "duplicate_identity"
)

// StoredResult is a retained run: what fetch_result, explain_result and
// compare_results read instead of running the command again. It is never
// modified once stored.
type StoredResult struct {
	ID    string
	Owner string // the owner (session, credential) that made it; no other may read it

	Cmd      string
	Args     []string // masked (secret-looking values replaced)
	ArgvHash string   // "sha256:" + hex of the argv as run
	Cwd      string
	Created  time.Time

	Raw           string // the redacted stdout the parser read
	Parsed        any    // generic form of stdout.parsed, before any query
	Spans         *catalog.SpanSet
	ParserID      string
	ParserVersion string
	// SchemaVersion is the parser's schema hash (catalog.Parser.SchemaVersion).
	SchemaVersion string
	KeyFields     []string
	RowsKey       string // the parser's array of rows, if it names one

	// What beyond the argv the rows depend on, for compare_results: git,
	// the repository's real path (and GitPrefix, the working directory
	// inside it); kubectl, the context. EnvNames are the names (never the
	// values) of the command's environment variables.
	Scope     string
	GitPrefix string
	EnvNames  []string

	SourceComplete bool // stdout was not truncated
	ParseComplete  bool // no unread lines, no parse error, no rows dropped at max_items
	Warnings       []string

	// What the run answered with, for fetch_result's pages.
	Query  shaper.Query
	Budget *shaper.Budget
	base   Envelope // the answer before the budget cut it
	shaped shaped

	size int
	// page is set on run_paged's cached runs, which share the store (and
	// so its per-owner limits) with retained results; their ids are not
	// result ids and the result tools refuse them.
	page *pageEntry
}

// Size is the bytes the result counts against the store's limits.
func (r *StoredResult) Size() int { return r.size }

// Store keeps retained results. A shared store can replace the in-memory
// one later; Get's errors are *StoreError with one of the reasons above.
type Store interface {
	// Put keeps r under r.Owner and r.ID, evicting older results as the
	// limits require. A result over the per-result limit is refused with
	// result_too_large.
	Put(r *StoredResult) error
	// Get returns owner's result id, or why it cannot.
	Get(owner, id string) (*StoredResult, error)
}

// StoreError is a refusal of the store.
type StoreError struct {
	Reason string
	ID     string
}

func (e *StoreError) Error() string {
	switch e.Reason {
	case ReasonResultExpired:
		return "result " + e.ID + " has expired (results.ttl_ms); run the command again with retain: true"
	case ReasonResultEvicted:
		return "result " + e.ID + " was evicted to make room for newer results; run the command again with retain: true"
	case ReasonNotRetained:
		return "result " + e.ID + " was not retained: run the command with retain: true to read it later"
	case ReasonResultTooLarge:
		return "result " + e.ID + " is larger than results.max_result_bytes and was not retained"
	}
	return "no result " + e.ID + " in this session"
}

// failure turns a store error into the failure an answer carries.
func storeFailure(err error) *Failure {
	if se, ok := err.(*StoreError); ok {
		return &Failure{Kind: KindConfig, Reason: se.Reason, Message: se.Error(), Detail: se.ID}
	}
	return &Failure{Kind: KindConfig, Reason: ReasonResultNotFound, Message: err.Error()}
}

// Process-wide caps of the in-memory store, over every owner's share:
// ProcessResultsFactor times results.max_results results and
// ProcessBytesFactor times results.max_total_bytes bytes (128 results and
// 128 MiB with the defaults).
const (
	ProcessResultsFactor = 8
	ProcessBytesFactor   = 4
)

// MemoryStore is the in-memory Store. Every owner (an MCP session, or a
// credential for stateless clients: an opaque key) has its own share of
// results.max_results results and results.max_total_bytes bytes, its least
// recently used result going first when a share would pass them, so that
// one owner never evicts another's results by filling its own share. The
// process-wide caps (ProcessResultsFactor, ProcessBytesFactor) hold over
// all shares: past them, the least recently used result of the owner
// holding the most bytes goes. A result is readable for results.ttl_ms
// after it was made. The ids of evicted and expired results are
// remembered (a bounded number) so that their refusals say why.
type MemoryStore struct {
	mu       sync.Mutex
	limits   config.Results
	now      func() time.Time
	owners   map[string]*share
	byKey    map[storeKey]*list.Element
	count    int                 // results held, every owner
	total    int                 // their bytes
	gone     map[storeKey]string // id -> result_expired | result_evicted
	goneRing []storeKey
}

// share is one owner's results, most recently used first.
type share struct {
	lru   *list.List // of *StoredResult
	total int
}

type storeKey struct{ owner, id string }

// tombstones bounds the ids remembered after they left the store.
const tombstones = 1024

// NewMemoryStore returns an empty store with these limits.
func NewMemoryStore(limits config.Results) *MemoryStore {
	return &MemoryStore{limits: limits, now: time.Now, owners: map[string]*share{},
		byKey: map[storeKey]*list.Element{}, gone: map[storeKey]string{}}
}

// maxResult is the largest result Put keeps: results.max_result_bytes, or
// for run_paged's cached runs (whose pages must all come from one run) a
// whole share.
func (s *MemoryStore) maxResult(r *StoredResult) int {
	if r.page != nil {
		return s.limits.MaxTotalBytes
	}
	return min(s.limits.MaxResultBytes, s.limits.MaxTotalBytes)
}

func (s *MemoryStore) processCaps() (results, bytes int) {
	return ProcessResultsFactor * s.limits.MaxResults, ProcessBytesFactor * s.limits.MaxTotalBytes
}

// Put implements Store.
func (s *MemoryStore) Put(r *StoredResult) error {
	if r.size > s.maxResult(r) {
		return &StoreError{Reason: ReasonResultTooLarge, ID: r.ID}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire()
	k := storeKey{r.Owner, r.ID}
	if el, ok := s.byKey[k]; ok {
		s.remove(el, "")
	}
	sh := s.owners[r.Owner]
	if sh == nil {
		sh = &share{lru: list.New()}
		s.owners[r.Owner] = sh
	}
	// The owner's own share first: only its results can make room.
	for sh.lru.Len() > 0 && (sh.lru.Len()+1 > s.limits.MaxResults || sh.total+r.size > s.limits.MaxTotalBytes) {
		s.remove(sh.lru.Back(), ReasonResultEvicted)
	}
	maxN, maxB := s.processCaps()
	for s.count > 0 && (s.count+1 > maxN || s.total+r.size > maxB) {
		s.remove(s.largest().lru.Back(), ReasonResultEvicted)
	}
	s.byKey[k] = sh.lru.PushFront(r)
	sh.total += r.size
	s.count++
	s.total += r.size
	s.owners[r.Owner] = sh // remove may have dropped the emptied share
	return nil
}

// largest is the share holding the most bytes (the most results on a tie).
func (s *MemoryStore) largest() *share {
	var big *share
	for _, sh := range s.owners {
		if sh.lru.Len() > 0 && (big == nil || sh.total > big.total || sh.total == big.total && sh.lru.Len() > big.lru.Len()) {
			big = sh
		}
	}
	return big
}

// Get implements Store.
func (s *MemoryStore) Get(owner, id string) (*StoredResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire()
	k := storeKey{owner, id}
	if el, ok := s.byKey[k]; ok {
		s.owners[owner].lru.MoveToFront(el)
		return el.Value.(*StoredResult), nil
	}
	if why, ok := s.gone[k]; ok {
		return nil, &StoreError{Reason: why, ID: id}
	}
	return nil, &StoreError{Reason: ReasonResultNotFound, ID: id}
}

// Len reports how many results are kept and their total size, over every
// owner.
func (s *MemoryStore) Len() (n, bytes int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count, s.total
}

// OwnerLen is Len for one owner's share.
func (s *MemoryStore) OwnerLen(owner string) (n, bytes int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sh := s.owners[owner]; sh != nil {
		return sh.lru.Len(), sh.total
	}
	return 0, 0
}

// expire drops every result older than the TTL.
func (s *MemoryStore) expire() {
	ttl := time.Duration(s.limits.TTLMs) * time.Millisecond
	now := s.now()
	for _, sh := range s.owners {
		for el := sh.lru.Front(); el != nil; {
			next := el.Next()
			if now.Sub(el.Value.(*StoredResult).Created) >= ttl {
				s.remove(el, ReasonResultExpired)
			}
			el = next
		}
	}
}

func (s *MemoryStore) remove(el *list.Element, why string) {
	r := el.Value.(*StoredResult)
	sh := s.owners[r.Owner]
	sh.lru.Remove(el)
	sh.total -= r.size
	if sh.lru.Len() == 0 {
		delete(s.owners, r.Owner)
	}
	k := storeKey{r.Owner, r.ID}
	delete(s.byKey, k)
	s.count--
	s.total -= r.size
	if why != "" {
		s.remember(k, why)
	}
}

func (s *MemoryStore) remember(k storeKey, why string) {
	if _, ok := s.gone[k]; !ok {
		if len(s.goneRing) >= tombstones {
			delete(s.gone, s.goneRing[0])
			s.goneRing = s.goneRing[1:]
		}
		s.goneRing = append(s.goneRing, k)
	}
	s.gone[k] = why
}

// idRing remembers the ids issued by runs without retain (bounded), so that
// reading one is refused as not_retained rather than result_not_found.
type idRing struct {
	mu   sync.Mutex
	set  map[storeKey]bool
	ring []storeKey
}

func (r *idRing) add(k storeKey) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.set == nil {
		r.set = map[storeKey]bool{}
	}
	if len(r.ring) >= tombstones {
		delete(r.set, r.ring[0])
		r.ring = r.ring[1:]
	}
	r.ring = append(r.ring, k)
	r.set[k] = true
}

func (r *idRing) has(k storeKey) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.set[k]
}

type ownerKey struct{}

// WithOwner marks ctx as an owner's: results retained and runs cached by
// run_paged under it can only be read by calls with the same owner, and
// count against that owner's share of the store. The owner is an opaque
// key: the MCP session id for stateful sessions (stdio has one), a
// credential's identity for stateless HTTP clients.
func WithOwner(ctx context.Context, owner string) context.Context {
	return context.WithValue(ctx, ownerKey{}, owner)
}

func ownerOf(ctx context.Context) string {
	s, _ := OwnerFrom(ctx)
	return s
}

// OwnerFrom returns the owner WithOwner put on ctx, if any.
func OwnerFrom(ctx context.Context) (owner string, ok bool) {
	owner, ok = ctx.Value(ownerKey{}).(string)
	return owner, ok
}

// WithStore replaces the in-memory result store.
func WithStore(s Store) Option { return func(e *Engine) { e.store = s } }

// lookup reads owner's result id, refusing an id issued without retain as
// not_retained.
func (e *Engine) lookup(ctx context.Context, id string) (*StoredResult, *Failure) {
	owner := ownerOf(ctx)
	if strings.HasPrefix(id, pagePrefix) {
		// A run_paged cache entry, not a result.
		return nil, storeFailure(&StoreError{Reason: ReasonResultNotFound, ID: id})
	}
	r, err := e.store.Get(owner, id)
	if err != nil {
		if se, ok := err.(*StoreError); ok && se.Reason == ReasonResultNotFound && e.notRetained.has(storeKey{owner, id}) {
			err = &StoreError{Reason: ReasonNotRetained, ID: id}
		}
		return nil, storeFailure(err)
	}
	return r, nil
}
