package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"

	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/httpserver"
)

// tokenEnv holds the bearer token when --token-file is not given.
const tokenEnv = "PARISM_HTTP_TOKEN"

// The OAuth flags' variables, read when the flag is not given.
const (
	oauthIssuerEnv   = "PARISM_OAUTH_ISSUER"
	oauthAudienceEnv = "PARISM_OAUTH_AUDIENCE"
	oauthJWKSEnv     = "PARISM_OAUTH_JWKS_URL"
)

const serveAbout = `Serve the MCP tools run, run_paged, fetch_result, explain_result, compare_results,
describe and dry_run on stdin/stdout. Logs go to stderr.

With --http ADDR, serve them over MCP's streamable HTTP transport instead, at
http://ADDR` + httpserver.Path + ` (GET ` + httpserver.HealthPath + ` answers "ok" without a token).
Clients send "Authorization: Bearer TOKEN"; the token is read from --token-file
or from $` + tokenEnv + ` (use a long random one: openssl rand -hex 32). Without a
token only a loopback address (127.0.0.1, [::1], localhost) is accepted.
With --oauth-issuer and --oauth-audience, OAuth access tokens (JWTs) of that
issuer for that audience are accepted too, with the scopes parism:read
(describe, dry_run, fetch_result, explain_result, compare_results) and
parism:run (run, run_paged).
Requests from a browser origin not given with --allow-origin are refused.
Ctrl-C or SIGTERM stops the server and kills the commands still running.

Examples:
  parism serve --http 127.0.0.1:8080
  PARISM_HTTP_TOKEN=$(cat ~/.parism/token) parism serve --http 0.0.0.0:8080`

// httpFlags are serve's flags for the HTTP transport.
type httpFlags struct {
	addr, tokenFile                       *string
	oauthIssuer, oauthAudience, oauthJWKS *string
	origins                               origins
}

// origins collects repeated --allow-origin flags.
type origins []string

func (o *origins) String() string { return strings.Join(*o, ",") }

func (o *origins) Set(s string) error {
	*o = append(*o, s)
	return nil
}

func addHTTPFlags(fs *flag.FlagSet) *httpFlags {
	h := &httpFlags{}
	h.addr = fs.String("http", "", "serve over HTTP on `host:port` (e.g. 127.0.0.1:8080) instead of stdio")
	h.tokenFile = fs.String("token-file", "", "with --http: read the bearer token from this `file` (default: $"+tokenEnv+")")
	h.oauthIssuer = fs.String("oauth-issuer", "", "with --http: also accept access tokens of this OAuth `issuer` (https://auth.example.com; default: $"+oauthIssuerEnv+")")
	h.oauthAudience = fs.String("oauth-audience", "", "with --oauth-issuer: this server's `URL` as clients reach it, which tokens must name in aud (https://mcp.example.com/mcp; default: $"+oauthAudienceEnv+")")
	h.oauthJWKS = fs.String("oauth-jwks-url", "", "with --oauth-issuer: the issuer's key set `URL`, when its metadata does not name it (default: $"+oauthJWKSEnv+")")
	fs.Var(&h.origins, "allow-origin", "with --http: allow browser requests from this `origin`, e.g. https://app.example.com (repeatable)")
	return h
}

// httpPlan is a checked --http request: where to listen and how.
type httpPlan struct {
	addr string
	opts httpserver.Options
}

// plan checks the HTTP flags before anything is loaded or bound. It
// returns nil and exitOK when --http was not given (serve stdio).
func (h *httpFlags) plan(c *cli) (*httpPlan, int) {
	oauth := &httpserver.OAuth{Issuer: flagOrEnv(*h.oauthIssuer, oauthIssuerEnv),
		Audience: flagOrEnv(*h.oauthAudience, oauthAudienceEnv), JWKSURL: flagOrEnv(*h.oauthJWKS, oauthJWKSEnv)}
	if *h.addr == "" {
		if *h.tokenFile != "" || len(h.origins) > 0 || *h.oauthIssuer != "" || *h.oauthAudience != "" || *h.oauthJWKS != "" {
			return nil, c.usageError("serve: --token-file, --allow-origin and --oauth-* need --http")
		}
		return nil, exitOK
	}
	p := &httpPlan{addr: *h.addr, opts: httpserver.Options{AllowedOrigins: h.origins}}
	if _, _, err := net.SplitHostPort(p.addr); err != nil {
		return nil, c.usageError("serve: --http %q: want host:port, e.g. 127.0.0.1:8080", p.addr)
	}
	token, err := readToken(*h.tokenFile, c)
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: serve: %v\n", err)
		return nil, exitConfig
	}
	p.opts.Token = token
	switch {
	case oauth.Issuer != "":
		p.opts.OAuth = oauth
	case oauth.Audience != "" || oauth.JWKSURL != "":
		return nil, c.usageError("serve: --oauth-audience and --oauth-jwks-url need --oauth-issuer (or $%s)", oauthIssuerEnv)
	}
	if err := p.opts.Validate(); err != nil {
		return nil, c.usageError("serve: %v", err)
	}
	if token == "" && p.opts.OAuth == nil {
		if err := httpserver.RequireLoopback(p.addr); err != nil {
			return nil, c.usageError("serve: %v; give a token (--token-file F or $%s) or listen on 127.0.0.1", err, tokenEnv)
		}
	}
	return p, exitOK
}

func flagOrEnv(flag, env string) string {
	if flag != "" {
		return flag
	}
	return strings.TrimSpace(os.Getenv(env))
}

// readToken reads the token from file, or from the environment when file
// is "". An empty file is an error: it would silently turn auth off.
func readToken(file string, c *cli) (string, error) {
	if file == "" {
		if token, ok := inheritedToken(); ok {
			return strings.TrimSpace(token), nil
		}
		return strings.TrimSpace(os.Getenv(tokenEnv)), nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", fmt.Errorf("token file %s: %v", file, err)
	}
	token := strings.TrimSpace(string(b))
	if token == "" {
		return "", fmt.Errorf("token file %s is empty", file)
	}
	if fi, err := os.Stat(file); err == nil && fi.Mode().Perm()&0o077 != 0 {
		fmt.Fprintf(c.stderr, "parism: warning: token file %s is readable by others (chmod 600 it)\n", file)
	}
	return token, nil
}

// serveHTTP listens and serves until ctx ends.
func (c *cli) serveHTTP(ctx context.Context, e *engine.Engine, p *httpPlan) int {
	p.opts.Logger = slog.New(slog.NewTextHandler(c.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: serve: %v\n", err)
		return exitFailed
	}
	auth := "bearer token required"
	switch {
	case p.opts.OAuth != nil && p.opts.Token != "":
		auth = "bearer token or OAuth access token of " + p.opts.OAuth.Issuer + " required"
	case p.opts.OAuth != nil:
		auth = "OAuth access token of " + p.opts.OAuth.Issuer + " required"
	case p.opts.Token == "":
		auth = "no token: any local process may call"
	}
	fmt.Fprintf(c.stderr, "parism: serving MCP on http://%s%s (%s)\n", ln.Addr(), httpserver.Path, auth)
	if err := httpserver.Serve(ctx, ln, e, p.opts); err != nil {
		fmt.Fprintf(c.stderr, "parism: serve: %v\n", err)
		if errors.Is(err, httpserver.ErrInsecureBind) {
			return exitUsage
		}
		return exitFailed
	}
	return exitOK
}
