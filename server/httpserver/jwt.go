package httpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// Access tokens are JWTs (RFC 9068) checked with go-jose: it parses the
// issuer's JWK set, and its parser takes the list of accepted algorithms,
// so "none" and HMAC with a public key (algorithm confusion) are refused
// before any key is used.
var signatureAlgorithms = []jose.SignatureAlgorithm{
	jose.RS256, jose.RS384, jose.RS512, jose.PS256, jose.PS384, jose.PS512,
	jose.ES256, jose.ES384, jose.ES512, jose.EdDSA,
}

const (
	// clockLeeway is the clock difference tolerated on exp, nbf and iat.
	clockLeeway = 30 * time.Second
	// keysMaxAge is how long a fetched key set is used before it is
	// fetched again.
	keysMaxAge = 10 * time.Minute
	// keysRefetchAfter is the least time between two fetches: a token
	// with an unknown key id fetches the set again (the issuer rotated its
	// keys), but made-up key ids must not make us hammer the issuer.
	keysRefetchAfter = 30 * time.Second
	// maxDocumentBytes bounds the metadata and key set documents.
	maxDocumentBytes = 1 << 20
)

// issuerError is a failure to read the issuer's metadata or keys: the
// token could not be checked, which is not the client's fault.
type issuerError struct{ err error }

func (e *issuerError) Error() string { return "token issuer: " + e.err.Error() }
func (e *issuerError) Unwrap() error { return e.err }

// keySet fetches and caches the issuer's signing keys.
type keySet struct {
	o      *OAuth
	client *http.Client

	mu      sync.Mutex
	jwksURL string
	set     *jose.JSONWebKeySet
	fetched time.Time // when set was fetched
	tried   time.Time // last fetch attempt
	lastErr error
}

func newKeySet(o *OAuth) *keySet {
	c := o.Client
	if c == nil {
		c = &http.Client{Timeout: 10 * time.Second}
	}
	return &keySet{o: o, client: c, jwksURL: o.JWKSURL}
}

// key returns the key named kid ("" when the token names none and the set
// holds exactly one signing key).
func (k *keySet) key(ctx context.Context, kid string) (*jose.JSONWebKey, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	now := time.Now()
	stale := k.set == nil || now.Sub(k.fetched) > keysMaxAge
	if !stale {
		if key := pick(k.set, kid); key != nil {
			return key, nil
		}
	}
	if now.Sub(k.tried) < keysRefetchAfter {
		if k.set == nil {
			return nil, &issuerError{k.lastErr}
		}
		if key := pick(k.set, kid); key != nil {
			return key, nil
		}
		return nil, errUnknownKey
	}
	k.tried = now
	set, err := k.fetch(ctx)
	if err != nil {
		k.lastErr = err
		if k.set == nil {
			return nil, &issuerError{err}
		}
		// Keep using the keys we have while the issuer is unreachable.
	} else {
		k.set, k.fetched = set, now
	}
	if key := pick(k.set, kid); key != nil {
		return key, nil
	}
	return nil, errUnknownKey
}

// errUnknownKey does not repeat the token's kid: it is the client's text.
var errUnknownKey = errors.New("signed by a key not in the issuer's key set")

// pick finds the signing key kid in set.
func pick(set *jose.JSONWebKeySet, kid string) *jose.JSONWebKey {
	var signing []jose.JSONWebKey
	for _, key := range set.Keys {
		if key.Use == "" || key.Use == "sig" {
			signing = append(signing, key)
		}
	}
	if kid == "" {
		if len(signing) == 1 {
			return &signing[0]
		}
		return nil
	}
	for i := range signing {
		if signing[i].KeyID == kid {
			return &signing[i]
		}
	}
	return nil
}

func (k *keySet) fetch(ctx context.Context) (*jose.JSONWebKeySet, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if k.jwksURL == "" {
		u, err := k.discover(ctx)
		if err != nil {
			return nil, err
		}
		k.jwksURL = u
	}
	var set jose.JSONWebKeySet
	if err := k.getJSON(ctx, k.jwksURL, &set); err != nil {
		return nil, err
	}
	if len(set.Keys) == 0 {
		return nil, fmt.Errorf("%s holds no keys", k.jwksURL)
	}
	return &set, nil
}

// discover reads jwks_uri from the issuer's metadata: RFC 8414's
// /.well-known/oauth-authorization-server (inserted before the issuer's
// path), then OpenID Connect's /.well-known/openid-configuration
// (appended). The metadata must name the same issuer (RFC 8414 §3.3).
func (k *keySet) discover(ctx context.Context) (string, error) {
	iss, err := url.Parse(k.o.Issuer)
	if err != nil {
		return "", err
	}
	path := strings.TrimSuffix(iss.Path, "/")
	rfc8414, oidc := *iss, *iss
	rfc8414.Path = "/.well-known/oauth-authorization-server" + path
	oidc.Path = path + "/.well-known/openid-configuration"
	var errs []error
	for _, u := range []string{rfc8414.String(), oidc.String()} {
		var md struct {
			Issuer  string `json:"issuer"`
			JWKSURI string `json:"jwks_uri"`
		}
		if err := k.getJSON(ctx, u, &md); err != nil {
			errs = append(errs, err)
			continue
		}
		if md.Issuer != k.o.Issuer {
			return "", fmt.Errorf("%s names issuer %q, not %q", u, md.Issuer, k.o.Issuer)
		}
		if err := checkURL(md.JWKSURI); err != nil {
			return "", fmt.Errorf("%s: jwks_uri %q: %v", u, md.JWKSURI, err)
		}
		return md.JWKSURI, nil
	}
	return "", errors.Join(errs...)
}

func (k *keySet) getJSON(ctx context.Context, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := k.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", u, resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxDocumentBytes+1))
	if err != nil {
		return fmt.Errorf("GET %s: %v", u, err)
	}
	if len(b) > maxDocumentBytes {
		return fmt.Errorf("GET %s: more than %d bytes", u, maxDocumentBytes)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("GET %s: %v", u, err)
	}
	return nil
}

// accessClaims are the claims read besides the registered ones.
type accessClaims struct {
	Scope    string   `json:"scope"` // RFC 9068: space-separated
	Scp      []string `json:"scp"`   // the form some issuers use
	ClientID string   `json:"client_id"`
}

// verifyJWT checks an access token: its signature by one of the issuer's
// keys, iss, aud (this server), exp (required), nbf and iat, and returns
// its caller. Errors name what failed, for error_description.
func (a *authn) verifyJWT(ctx context.Context, raw string) (*caller, error) {
	tok, err := jwt.ParseSigned(raw, signatureAlgorithms)
	if err != nil {
		return nil, errors.New("not a signed JWT with an accepted algorithm")
	}
	if len(tok.Headers) != 1 {
		return nil, errors.New("want one signature")
	}
	h := tok.Headers[0]
	key, err := a.keys.key(ctx, h.KeyID)
	if err != nil {
		return nil, err
	}
	if key.Algorithm != "" && key.Algorithm != h.Algorithm {
		return nil, fmt.Errorf("key %q is for %s, the token says %s", key.KeyID, key.Algorithm, h.Algorithm)
	}
	var std jwt.Claims
	var extra accessClaims
	if err := tok.Claims(key.Public().Key, &std, &extra); err != nil {
		return nil, errors.New("bad signature")
	}
	if std.Expiry == nil {
		return nil, errors.New("no exp")
	}
	err = std.ValidateWithLeeway(jwt.Expected{Issuer: a.oauth.Issuer, AnyAudience: jwt.Audience{a.oauth.Audience}, Time: time.Now()}, clockLeeway)
	switch {
	case errors.Is(err, jwt.ErrInvalidIssuer):
		return nil, errors.New("wrong issuer")
	case errors.Is(err, jwt.ErrInvalidAudience):
		return nil, errors.New("wrong audience: the token is not for this server")
	case errors.Is(err, jwt.ErrExpired):
		return nil, errors.New("expired")
	case errors.Is(err, jwt.ErrNotValidYet), errors.Is(err, jwt.ErrIssuedInTheFuture):
		return nil, errors.New("not valid yet")
	case err != nil:
		return nil, err
	}
	subject := std.Subject
	if subject == "" {
		subject = extra.ClientID
	}
	if subject == "" {
		return nil, errors.New("no sub or client_id")
	}
	scopes := extra.Scp
	if extra.Scope != "" {
		scopes = strings.Fields(extra.Scope)
	}
	return &caller{id: callerID("oauth", std.Issuer, subject), scopes: scopes, oauth: true, expiry: std.Expiry.Time()}, nil
}
