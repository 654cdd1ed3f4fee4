package kit

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// UptimeResult is the parsed output of `uptime` (and the first line of
// `w`): procps, BusyBox, macOS and FreeBSD forms.
type UptimeResult struct {
	// Time is the current time of day as printed ("23:49:08", "9:41AM").
	Time string `json:"time,omitempty"`
	// Up is the uptime as printed ("1:13", "5 days,  3:02", "10 min");
	// UpSeconds the same in seconds.
	Up            string   `json:"up,omitempty"`
	UpSeconds     *int64   `json:"up_seconds,omitempty"`
	Users         *int64   `json:"users,omitempty"`
	LoadAverage1  *float64 `json:"load_average_1,omitempty"`
	LoadAverage5  *float64 `json:"load_average_5,omitempty"`
	LoadAverage15 *float64 `json:"load_average_15,omitempty"`
	// BootedAt is -s's boot time (ISO 8601, the offset of TimeZone, which
	// is assumed: uptime prints local time without a zone).
	BootedAt string `json:"booted_at,omitempty"`
	TimeZone string `json:"time_zone,omitempty"`
}

// UptimeLine reads " 23:49:08 up 5 days,  3:02,  2 users,  load average: 0.00, 0.01, 0.05".
// Its spans are recorded only when the whole line reads.
func UptimeLine(c *catalog.Context, res *UptimeResult, line string, start int) bool {
	mark := c.Mark()
	if !uptimeLine(c, res, line, start) {
		c.Truncate(mark)
		return false
	}
	return true
}

func uptimeLine(c *catalog.Context, res *UptimeResult, line string, start int) bool {
	up := strings.Index(line, " up ")
	la := strings.Index(line, "load average")
	if up < 0 || la < up+4 {
		return false
	}
	var u UptimeResult
	if ts, te := lex.TrimSpaceRange(line, 0, up); te > ts {
		u.Time = line[ts:te]
		c.Span(start+ts, start+te, "", "time")
	}
	// Between "up " and "load average": the uptime and the user count.
	mid := line[up+4 : la]
	ms := up + 4
	mid = strings.TrimRight(mid, ", ")
	upEnd := len(mid)
	if k := strings.LastIndex(mid, " user"); k >= 0 {
		comma := strings.LastIndex(mid[:k], ",")
		num := strings.TrimSpace(mid[comma+1 : k])
		if n, ok := lex.Atoi(num); ok {
			u.Users = &n
			ns := ms + comma + 1 + strings.Index(mid[comma+1:k], num)
			c.Span(start+ns, start+ns+len(num), "parseInt", "users")
			upEnd = max(comma, 0)
		}
	}
	us, ue := lex.TrimSpaceRange(mid, 0, upEnd)
	for ue > us && mid[ue-1] == ',' {
		ue--
	}
	u.Up = mid[us:ue]
	if u.Up == "" {
		return false
	}
	c.Span(start+ms+us, start+ms+ue, "", "up")
	if secs, ok := UptimeSeconds(u.Up); ok {
		u.UpSeconds = &secs
		c.Span(start+ms+us, start+ms+ue, "duration", "up_seconds")
	}
	// "load average: 0.00, 0.01, 0.05" or macOS "load averages: 2.08 1.87 1.80";
	// a locale with decimal commas (de_DE) prints "1,71, 4,80, 3,20": a
	// comma followed by a digit is then inside the number, not between two.
	colon := strings.IndexByte(line[la:], ':')
	if colon < 0 {
		return false
	}
	rest := line[la+colon+1:]
	rs := la + colon + 1
	k := 0
	for pos := 0; pos < len(rest) && k < 3; {
		for pos < len(rest) && (rest[pos] == ' ' || rest[pos] == ',') {
			pos++
		}
		e := pos
		for e < len(rest) && rest[e] != ' ' && (rest[e] != ',' || e+1 < len(rest) && rest[e+1] >= '0' && rest[e+1] <= '9') {
			e++
		}
		if e == pos {
			break
		}
		v, ok := lex.Decimal(strings.Replace(rest[pos:e], ",", ".", 1))
		if !ok {
			return false
		}
		key := [...]string{"load_average_1", "load_average_5", "load_average_15"}[k]
		*[...]**float64{&u.LoadAverage1, &u.LoadAverage5, &u.LoadAverage15}[k] = &v
		c.Span(start+rs+pos, start+rs+e, "parseFloat", key)
		k++
		pos = e
	}
	if k != 3 {
		return false
	}
	*res = u
	return true
}

// UptimeSeconds reads "5 days,  3:02", "1:13", "10 min", "2 days, 1 hr", "42 secs".
func UptimeSeconds(s string) (int64, bool) {
	var total int64
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if h, m, ok := strings.Cut(part, ":"); ok {
			hh, ok1 := lex.Atoi(h)
			mm, ok2 := lex.Atoi(m)
			if !ok1 || !ok2 || mm > 59 {
				return 0, false
			}
			total += hh*3600 + mm*60
			continue
		}
		num, unit, ok := strings.Cut(part, " ")
		n, ok2 := lex.Atoi(num)
		if !ok || !ok2 {
			return 0, false
		}
		switch strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(unit), "(s)"), "s") {
		case "decade": // procps 3.3 -p
			total += n * 10 * 365 * 86400
		case "year": // procps -p: 365 days
			total += n * 365 * 86400
		case "week":
			total += n * 7 * 86400
		case "day":
			total += n * 86400
		case "hr", "hour":
			total += n * 3600
		case "min", "minute":
			total += n * 60
		case "sec", "second":
			total += n
		default:
			return 0, false
		}
	}
	return total, true
}
