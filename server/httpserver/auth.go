package httpserver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// Scopes of OAuth access tokens. A static token grants both.
const (
	// ScopeRead allows the tools that run nothing: describe, dry_run,
	// fetch_result, explain_result and compare_results.
	ScopeRead = "parism:read"
	// ScopeRun allows the tools that run commands: run and run_paged.
	ScopeRun = "parism:run"
)

// MetadataPath is where the protected-resource metadata (RFC 9728) is
// served, without authentication; the same document is also served at
// MetadataPath + Path, the form RFC 9728 derives from the resource URL.
const MetadataPath = "/.well-known/oauth-protected-resource"

// toolScope is the scope each tool needs; a tool not listed needs ScopeRun
// (a new tool is refused until someone decides).
var toolScope = map[string]string{
	"run": ScopeRun, "run_paged": ScopeRun,
	"describe": ScopeRead, "dry_run": ScopeRead, "fetch_result": ScopeRead,
	"explain_result": ScopeRead, "compare_results": ScopeRead,
}

func scopeForTool(name string) string {
	if s, ok := toolScope[name]; ok {
		return s
	}
	return ScopeRun
}

// OAuth names the authorization server whose access tokens the server
// accepts, besides the static token.
type OAuth struct {
	// Issuer is the authorization server's issuer identifier
	// (https://auth.example.com): tokens must carry it in iss. Its keys
	// are read from the jwks_uri of its metadata (RFC 8414, then OpenID
	// discovery) unless JWKSURL is given.
	Issuer string
	// Audience is this server's resource identifier, the URL clients
	// reach it at (https://mcp.example.com/mcp): tokens must name it in
	// aud, and the protected-resource metadata gives it as resource.
	Audience string
	// JWKSURL is the issuer's key set, when its metadata cannot be read.
	JWKSURL string
	// Client fetches the metadata and keys; nil means a client with a
	// 10-second timeout.
	Client *http.Client
}

// validate checks the URLs: https, or http to a loopback host (a local
// issuer, tests); no query or fragment.
func (o *OAuth) validate() error {
	if o.Issuer == "" || o.Audience == "" {
		return errors.New("OAuth needs both an issuer and an audience (this server's URL, e.g. https://mcp.example.com/mcp)")
	}
	for _, u := range []struct{ name, v string }{{"issuer", o.Issuer}, {"audience", o.Audience}, {"JWKS URL", o.JWKSURL}} {
		if u.v == "" {
			continue
		}
		if err := checkURL(u.v); err != nil {
			return fmt.Errorf("OAuth %s %q: %v", u.name, u.v, err)
		}
	}
	return nil
}

func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return errors.New("want https://host[:port][/path]")
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && RequireLoopback(hostPort(u)) == nil:
	default:
		return errors.New("want https (http only to a loopback host)")
	}
	return nil
}

func hostPort(u *url.URL) string {
	if u.Port() == "" {
		return u.Host + ":80"
	}
	return u.Host
}

// caller is who a request comes from, once its credential is checked.
type caller struct {
	id     string // stable, not secret: owner of retained results
	scopes []string
	oauth  bool // scopes come from an access token (a static token has all)
	expiry time.Time
}

// callerID names a credential without revealing it: a hash of the static
// token, or of an access token's issuer and subject.
func callerID(kind string, parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return kind + ":" + hex.EncodeToString(sum[:12])
}

// auth is the credential check of every request to Path.
type authn struct {
	token    [sha256.Size]byte
	hasToken bool
	oauth    *OAuth
	keys     *keySet
	// metadata is the protected-resource metadata; its resource is filled
	// from the request when no audience is configured.
	metadata oauthex.ProtectedResourceMetadata
}

func newAuthn(opts Options) *authn {
	a := &authn{oauth: opts.OAuth}
	if opts.Token != "" {
		a.token, a.hasToken = sha256.Sum256([]byte(opts.Token)), true
	}
	a.metadata = oauthex.ProtectedResourceMetadata{
		ScopesSupported:        []string{ScopeRead, ScopeRun},
		BearerMethodsSupported: []string{"header"},
		ResourceName:           "Parism",
	}
	if a.oauth != nil {
		a.keys = newKeySet(a.oauth)
		a.metadata.Resource = a.oauth.Audience
		a.metadata.AuthorizationServers = []string{a.oauth.Issuer}
	}
	return a
}

func (a *authn) required() bool { return a.hasToken || a.oauth != nil }

// resource is this server's resource identifier for r.
func (a *authn) resource(r *http.Request) string {
	if a.oauth != nil {
		return a.oauth.Audience
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + Path
}

// metadataURL is where the metadata of resource is served (RFC 9728
// §3.1: the well-known path goes between the host and the path).
func metadataURL(resource string) string {
	u, err := url.Parse(resource)
	if err != nil {
		return ""
	}
	u.Path = MetadataPath + strings.TrimSuffix(u.Path, "/")
	u.RawPath = ""
	return u.String()
}

// serveMetadata answers GET MetadataPath[/mcp] (and its CORS preflight).
func (a *authn) serveMetadata(w http.ResponseWriter, r *http.Request) {
	md := a.metadata
	md.Resource = a.resource(r)
	auth.ProtectedResourceMetadataHandler(&md).ServeHTTP(w, r)
}

// challenge writes a 401 or 403 with the WWW-Authenticate header MCP
// clients read: the error (RFC 6750 §3), the scopes to ask for, and where
// the resource metadata is (RFC 9728 §5.1).
func (a *authn) challenge(w http.ResponseWriter, r *http.Request, status int, code, description, scope string) {
	params := []string{`realm="parism"`}
	if code != "" {
		params = append(params, fmt.Sprintf("error=%q", code))
	}
	if description != "" {
		params = append(params, fmt.Sprintf("error_description=%q", description))
	}
	if scope == "" && a.oauth != nil {
		scope = ScopeRead + " " + ScopeRun
	}
	if scope != "" {
		params = append(params, fmt.Sprintf("scope=%q", scope))
	}
	params = append(params, fmt.Sprintf("resource_metadata=%q", metadataURL(a.resource(r))))
	w.Header().Set("WWW-Authenticate", "Bearer "+strings.Join(params, ", "))
	if status == http.StatusUnauthorized {
		// A refused client keeps no connection: idle connections of
		// clients without a token exhausted the server's descriptors
		// (issue 20).
		w.Header().Set("Connection", "close")
	}
	msg := "unauthorized"
	if status == http.StatusForbidden {
		msg = "forbidden: " + description
	}
	http.Error(w, msg, status)
}

// check authenticates r. It returns the caller, or writes the refusal
// and returns nil.
func (a *authn) check(w http.ResponseWriter, r *http.Request) *caller {
	scheme, given, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	given = strings.TrimSpace(given)
	if !ok || !strings.EqualFold(scheme, "Bearer") || given == "" {
		a.challenge(w, r, http.StatusUnauthorized, "", "", "")
		return nil
	}
	if a.hasToken {
		// Both sides hashed, so the comparison takes the same time
		// whatever the lengths.
		sum := sha256.Sum256([]byte(given))
		if subtle.ConstantTimeCompare(sum[:], a.token[:]) == 1 {
			return &caller{id: callerID("token", given), scopes: []string{ScopeRead, ScopeRun}}
		}
	}
	if a.oauth == nil {
		a.challenge(w, r, http.StatusUnauthorized, "invalid_token", "", "")
		return nil
	}
	c, err := a.verifyJWT(r.Context(), given)
	var unavailable *issuerError
	switch {
	case errors.As(err, &unavailable):
		// Not the client's fault: a 401 would send it to re-authorize.
		http.Error(w, "cannot check the token: "+unavailable.Error(), http.StatusServiceUnavailable)
		return nil
	case err != nil:
		a.challenge(w, r, http.StatusUnauthorized, "invalid_token", err.Error(), "")
		return nil
	}
	if !slices.Contains(c.scopes, ScopeRead) && !slices.Contains(c.scopes, ScopeRun) {
		a.challenge(w, r, http.StatusForbidden, "insufficient_scope", "the token grants neither "+ScopeRead+" nor "+ScopeRun, ScopeRead+" "+ScopeRun)
		return nil
	}
	return c
}

// scopeRefusal reads the JSON-RPC message(s) of a POST body and returns
// the scope missing for a tools/call in it, if any, so that the refusal
// is the 403 insufficient_scope MCP clients answer by asking for more
// (the check in checkScope stays the authority). The body is restored.
func scopeRefusal(r *http.Request, c *caller, limit int64) (tool, scope string) {
	if !c.oauth || r.Method != http.MethodPost || r.Body == nil {
		return "", ""
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return "", ""
	}
	type message struct {
		Method string `json:"method"`
		Params struct {
			Name string `json:"name"`
		} `json:"params"`
	}
	var msgs []message
	if trimmed := bytes.TrimSpace(body); len(trimmed) > 0 && trimmed[0] == '[' {
		if json.Unmarshal(trimmed, &msgs) != nil {
			return "", ""
		}
	} else {
		var m message
		if json.Unmarshal(trimmed, &m) != nil {
			return "", ""
		}
		msgs = []message{m}
	}
	for _, m := range msgs {
		if m.Method != "tools/call" {
			continue
		}
		if need := scopeForTool(m.Params.Name); !slices.Contains(c.scopes, need) {
			return m.Params.Name, need
		}
	}
	return "", ""
}

type callerKey struct{}

// withCaller hands c to the SDK: its TokenInfo reaches every handler
// (RequestExtra.TokenInfo), and the SDK binds a session to the UserID
// that created it, so another credential cannot use that session.
func withCaller(next http.Handler) http.Handler {
	return auth.RequireBearerToken(func(ctx context.Context, _ string, _ *http.Request) (*auth.TokenInfo, error) {
		c, _ := ctx.Value(callerKey{}).(*caller)
		if c == nil {
			return nil, auth.ErrInvalidToken // not reached: check ran first
		}
		// Expiration with the leeway verifyJWT allowed, since the SDK
		// compares it again, strictly; zero for the static token.
		var exp time.Time
		if !c.expiry.IsZero() {
			exp = c.expiry.Add(clockLeeway)
		}
		return &auth.TokenInfo{UserID: c.id, Scopes: c.scopes, Expiration: exp,
			Extra: map[string]any{oauthExtra: c.oauth}}, nil
	}, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(next)
}

// oauthExtra marks, in TokenInfo.Extra, scopes that come from an access
// token.
const oauthExtra = "parism.oauth"

// checkScope is the MCP middleware that refuses a tools/call the caller's
// token does not allow; calls without TokenInfo (no authentication
// configured) and with the static token pass.
func checkScope(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if method != "tools/call" || !ok || call.Extra == nil || call.Extra.TokenInfo == nil || call.Params == nil {
			return next(ctx, method, req)
		}
		ti := call.Extra.TokenInfo
		if isOAuth, _ := ti.Extra[oauthExtra].(bool); !isOAuth {
			return next(ctx, method, req)
		}
		if need := scopeForTool(call.Params.Name); !slices.Contains(ti.Scopes, need) {
			r := &mcp.CallToolResult{}
			r.SetError(fmt.Errorf("insufficient_scope: %s needs the %s scope", call.Params.Name, need))
			return r, nil
		}
		return next(ctx, method, req)
	}
}
