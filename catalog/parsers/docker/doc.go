// Package docker reads the output of `docker` for the catalog: the parsers docker-ps, docker-stats, docker-images.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package docker
