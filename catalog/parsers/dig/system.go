package dig

import (
	"time"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// sysCTime reads ctime with a zone, "Sun Nov 29 23:49:08 UTC 2026" (date's
// default, dig's WHEN). A zone abbreviation is resolved when it is UTC or
// GMT, a numeric offset, or the abbreviation loc uses at that moment;
// otherwise the time is returned without an offset and warn says why.
func sysCTime(s string, loc *time.Location) (iso, warn string, ok bool) {
	iso, warn, _, ok = lex.CTime(s, loc)
	return iso, warn, ok
}
