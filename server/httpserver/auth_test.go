package httpserver_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/httpserver"
)

// audience is the resource identifier the OAuth tests configure.
const audience = "https://parism.test/mcp"

// issuer is a small authorization server on loopback: RFC 8414 metadata,
// a JWK set, and tokens signed with its key.
type issuer struct {
	t       *testing.T
	srv     *httptest.Server
	key     *ecdsa.PrivateKey
	kid     string
	jwksHit atomic.Int32
}

func newIssuer(t *testing.T) *issuer {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	is := &issuer{t: t, key: key, kid: "k1"}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"issuer": is.url(), "jwks_uri": is.url() + "/jwks"})
	})
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, r *http.Request) {
		is.jwksHit.Add(1)
		set := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &is.key.PublicKey, KeyID: is.kid, Algorithm: string(jose.ES256), Use: "sig"}}}
		json.NewEncoder(w).Encode(set)
	})
	is.srv = httptest.NewServer(mux) // binds 127.0.0.1
	t.Cleanup(is.srv.Close)
	return is
}

func (is *issuer) url() string { return is.srv.URL }

// claims are a valid token's claims; tests edit them.
func (is *issuer) claims(sub, scope string) map[string]any {
	now := time.Now()
	return map[string]any{"iss": is.url(), "aud": audience, "sub": sub, "scope": scope,
		"iat": now.Unix(), "nbf": now.Unix(), "exp": now.Add(time.Hour).Unix()}
}

// sign signs claims with key (nil: the issuer's) under the issuer's kid.
func (is *issuer) sign(claims map[string]any, key *ecdsa.PrivateKey) string {
	is.t.Helper()
	if key == nil {
		key = is.key
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: key},
		(&jose.SignerOptions{}).WithType("at+jwt").WithHeader("kid", is.kid))
	if err != nil {
		is.t.Fatal(err)
	}
	tok, err := jwt.Signed(signer).Claims(claims).Serialize()
	if err != nil {
		is.t.Fatal(err)
	}
	return tok
}

func (is *issuer) token(sub, scope string) string { return is.sign(is.claims(sub, scope), nil) }

// post sends an initialize with the given Authorization header.
func post(t *testing.T, url, authorization string) *http.Response {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + protocolVersion + `","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`
	req, _ := http.NewRequest(http.MethodPost, url+httpserver.Path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func TestOAuthTokens(t *testing.T) {
	is := newIssuer(t)
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{Token: "static-token-0123456789", OAuth: &httpserver.OAuth{Issuer: is.url(), Audience: audience}})
	other, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(map[string]any)) string {
		c := is.claims("alice", "parism:read parism:run")
		f(c)
		return is.sign(c, nil)
	}
	hs256 := func() string {
		// HMAC keyed with the public key's bytes: the algorithm confusion
		// attack on verifiers that let the token choose.
		signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.HS256, Key: []byte("a secret of thirty-two bytes ...")}, (&jose.SignerOptions{}).WithHeader("kid", is.kid))
		if err != nil {
			t.Fatal(err)
		}
		tok, err := jwt.Signed(signer).Claims(is.claims("alice", "parism:read parism:run")).Serialize()
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	unsigned := func() string {
		enc := base64.RawURLEncoding.EncodeToString
		c, _ := json.Marshal(is.claims("alice", "parism:read parism:run"))
		return enc([]byte(`{"alg":"none","kid":"k1"}`)) + "." + enc(c) + "."
	}
	metadata := `resource_metadata="https://parism.test/.well-known/oauth-protected-resource/mcp"`
	for _, tc := range []struct {
		name, token string
		status      int
		challenge   string // substring of WWW-Authenticate
	}{
		{"valid", is.token("alice", "parism:read parism:run"), 200, ""},
		{"scp array instead of scope", edit(func(c map[string]any) { delete(c, "scope"); c["scp"] = []string{"parism:read"} }), 200, ""},
		{"audience among several", edit(func(c map[string]any) { c["aud"] = []string{"https://other.test", audience} }), 200, ""},
		{"static token still works", "static-token-0123456789", 200, ""},
		{"none", "", 401, `Bearer realm="parism", scope="parism:read parism:run", ` + metadata},
		{"wrong audience", edit(func(c map[string]any) { c["aud"] = "https://other.test/mcp" }), 401, `error="invalid_token", error_description="wrong audience`},
		{"no audience", edit(func(c map[string]any) { delete(c, "aud") }), 401, `error="invalid_token"`},
		{"wrong issuer", edit(func(c map[string]any) { c["iss"] = "https://evil.test" }), 401, `error_description="wrong issuer"`},
		{"expired", edit(func(c map[string]any) { c["exp"] = time.Now().Add(-time.Minute).Unix() }), 401, `error_description="expired"`},
		{"not yet valid", edit(func(c map[string]any) { c["nbf"] = time.Now().Add(time.Hour).Unix() }), 401, `error_description="not valid yet"`},
		{"no expiry", edit(func(c map[string]any) { delete(c, "exp") }), 401, `error_description="no exp"`},
		{"no subject", edit(func(c map[string]any) { delete(c, "sub") }), 401, `error_description="no sub or client_id"`},
		{"signed by another key", is.sign(is.claims("alice", "parism:read parism:run"), other), 401, `error_description="bad signature"`},
		{"HS256", hs256(), 401, `error="invalid_token"`},
		{"alg none", unsigned(), 401, `error="invalid_token"`},
		{"garbage", "not.a.jwt", 401, `error="invalid_token"`},
		{"no parism scope", is.token("alice", "openid profile"), 403, `error="insufficient_scope", error_description="the token grants neither parism:read nor parism:run", scope="parism:read parism:run", ` + metadata},
	} {
		auth := ""
		if tc.token != "" {
			auth = "Bearer " + tc.token
		}
		resp := post(t, s.url, auth)
		got := resp.Header.Get("WWW-Authenticate")
		if resp.StatusCode != tc.status || (tc.challenge == "") != (got == "") || !strings.Contains(got, tc.challenge) {
			t.Errorf("%s: %d, WWW-Authenticate %q; want %d with %q", tc.name, resp.StatusCode, got, tc.status, tc.challenge)
		}
		if tc.status == 401 && !strings.Contains(got, metadata) {
			t.Errorf("%s: WWW-Authenticate %q does not name the resource metadata", tc.name, got)
		}
	}
	// Tokens with unknown key ids fetch the key set again, at most once
	// per 30 s: made-up kids must not make the server hammer the issuer.
	before := is.jwksHit.Load()
	for range 5 {
		is.kid = "rotated"
		tok := is.token("alice", "parism:read")
		is.kid = "k1"
		if resp := post(t, s.url, "Bearer "+tok); resp.StatusCode != 401 {
			t.Errorf("unknown kid: %d, want 401", resp.StatusCode)
		}
	}
	if n := is.jwksHit.Load() - before; n > 1 {
		t.Errorf("%d key set fetches for 5 tokens with an unknown kid, want at most 1", n)
	}
}

// TestOAuthScopes: parism:read allows the tools that run nothing,
// parism:run the two that run commands; a call beyond the token's scopes is
// a 403 insufficient_scope that names the scope to ask for.
func TestOAuthScopes(t *testing.T) {
	is := newIssuer(t)
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{OAuth: &httpserver.OAuth{Issuer: is.url(), Audience: audience}})
	for _, tc := range []struct {
		scope         string
		allow, refuse []string
	}{
		{"parism:read", []string{"describe", "dry_run"}, []string{"run", "run_paged"}},
		{"parism:run", []string{"run", "run_paged"}, []string{"describe", "dry_run", "fetch_result"}},
	} {
		for _, version := range []string{"2026-07-28", "2025-11-25"} {
			var challenges []string
			client := func() *mcp.ClientSession {
				hc := &http.Client{Transport: recordChallenges{bearer{is.token("alice", tc.scope), http.DefaultTransport}, &challenges}}
				return connectWith(t, s.url, hc, version)
			}
			cs := client()
			args := map[string]any{"cmd": "pwd"}
			for _, name := range tc.allow {
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
				if err != nil || res.IsError {
					t.Errorf("%s, %s: %s refused: %v %+v", version, tc.scope, name, err, res)
				}
			}
			for _, name := range tc.refuse {
				// A 403 ends the client's session (a real client would
				// ask for the scope): a new one for each refusal.
				challenges = nil
				res, err := client().CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
				if err == nil && !res.IsError {
					t.Errorf("%s, %s: %s allowed", version, tc.scope, name)
				}
				want := `error="insufficient_scope", error_description="` + name + ` needs parism:`
				if len(challenges) != 1 || !strings.Contains(challenges[0], want) || !strings.Contains(challenges[0], `scope="parism:`) {
					t.Errorf("%s, %s: %s: challenges %q, want one 403 with %s", version, tc.scope, name, challenges, want)
				}
			}
		}
	}
}

// recordChallenges keeps the WWW-Authenticate of every 403.
type recordChallenges struct {
	next http.RoundTripper
	got  *[]string
}

func (r recordChallenges) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.next.RoundTrip(req)
	if err == nil && resp.StatusCode == http.StatusForbidden {
		*r.got = append(*r.got, resp.Header.Get("WWW-Authenticate"))
	}
	return resp, err
}

func TestProtectedResourceMetadata(t *testing.T) {
	is := newIssuer(t)
	e, _ := newEngine(t, nil)
	for _, tc := range []struct {
		name     string
		opts     httpserver.Options
		resource string
		servers  []any
	}{
		{"oauth", httpserver.Options{OAuth: &httpserver.OAuth{Issuer: is.url(), Audience: audience}}, audience, []any{is.url()}},
		{"static token", httpserver.Options{Token: "static-token-0123456789"}, "", nil},
	} {
		s := start(t, e, tc.opts)
		if tc.resource == "" {
			tc.resource = s.url + httpserver.Path
		}
		for _, path := range []string{httpserver.MetadataPath + httpserver.Path, httpserver.MetadataPath} {
			resp, err := http.Get(s.url + path) // no token
			if err != nil {
				t.Fatal(err)
			}
			var md map[string]any
			err = json.NewDecoder(resp.Body).Decode(&md)
			resp.Body.Close()
			if resp.StatusCode != 200 || err != nil {
				t.Fatalf("%s: GET %s: %d %v", tc.name, path, resp.StatusCode, err)
			}
			if md["resource"] != tc.resource || !jsonEqual(md["authorization_servers"], tc.servers) ||
				!jsonEqual(md["scopes_supported"], []any{"parism:read", "parism:run"}) || !jsonEqual(md["bearer_methods_supported"], []any{"header"}) {
				t.Errorf("%s: GET %s: %v", tc.name, path, md)
			}
		}
		// The 401 names this document.
		resp := post(t, s.url, "")
		want := `resource_metadata="` + strings.Replace(tc.resource, "/mcp", httpserver.MetadataPath+"/mcp", 1) + `"`
		if got := resp.Header.Get("WWW-Authenticate"); resp.StatusCode != 401 || !strings.Contains(got, want) {
			t.Errorf("%s: %d, WWW-Authenticate %q, want %s", tc.name, resp.StatusCode, got, want)
		}
	}
}

// TestOAuthIssuerDown: when the keys cannot be fetched the answer is 503,
// not a 401 that would send the client to authorize again.
func TestOAuthIssuerDown(t *testing.T) {
	is := newIssuer(t)
	tok := is.token("alice", "parism:read")
	is.srv.Close()
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{OAuth: &httpserver.OAuth{Issuer: is.url(), Audience: audience}})
	if resp := post(t, s.url, "Bearer "+tok); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("issuer down: %d, want 503", resp.StatusCode)
	}
}

func TestOAuthOptionsValidate(t *testing.T) {
	for _, tc := range []struct {
		o  httpserver.OAuth
		ok bool
	}{
		{httpserver.OAuth{Issuer: "https://auth.example.com", Audience: "https://mcp.example.com/mcp"}, true},
		{httpserver.OAuth{Issuer: "http://127.0.0.1:9000", Audience: "http://localhost:8080/mcp"}, true},
		{httpserver.OAuth{Issuer: "http://auth.example.com", Audience: "https://mcp.example.com/mcp"}, false},
		{httpserver.OAuth{Issuer: "https://auth.example.com"}, false},
		{httpserver.OAuth{Issuer: "https://auth.example.com?x=1", Audience: "https://mcp.example.com/mcp"}, false},
		{httpserver.OAuth{Issuer: "https://auth.example.com", Audience: "https://mcp.example.com/mcp", JWKSURL: "ftp://x"}, false},
	} {
		err := httpserver.Options{OAuth: &tc.o}.Validate()
		if (err == nil) != tc.ok {
			t.Errorf("%+v: %v, want ok %t", tc.o, err, tc.ok)
		}
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// TestSessionBoundToCaller: a session belongs to the credential that
// created it; another caller's token with its id is refused.
func TestSessionBoundToCaller(t *testing.T) {
	is := newIssuer(t)
	e, _ := newEngine(t, nil)
	s := start(t, e, httpserver.Options{OAuth: &httpserver.OAuth{Issuer: is.url(), Audience: audience}})
	alice := connectWith(t, s.url, &http.Client{Transport: bearer{is.token("alice", "parism:read parism:run"), http.DefaultTransport}}, "2025-11-25")
	if alice.ID() == "" {
		t.Fatal("no session id")
	}
	for _, tc := range []struct {
		sub    string
		status int
	}{{"bob", http.StatusForbidden}, {"alice", http.StatusOK}} {
		req, _ := http.NewRequest(http.MethodPost, s.url+httpserver.Path, strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Session-Id", alice.ID())
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		req.Header.Set("Authorization", "Bearer "+is.token(tc.sub, "parism:read parism:run"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s with alice's session: %d, want %d", tc.sub, resp.StatusCode, tc.status)
		}
	}
}
