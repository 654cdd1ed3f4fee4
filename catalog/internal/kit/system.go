package kit

import (
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// SysISO is the ISO 8601 layout the system parsers emit (ls's form).
const SysISO = "2006-01-02T15:04:05-07:00"

// SysCTimeZone is sysCTime that also says where the zone stands in s.
// Words are separated by spaces only (ctime pads the day with one).
func SysCTimeZone(s string, loc *time.Location) (iso, warn string, zone lex.Field, ok bool) {
	var ws []lex.Field
	ws = lex.Fields(ws, s, 0)
	if len(ws) != 6 {
		return "", "", zone, false
	}
	var f [6]string
	for i, w := range ws {
		f[i] = s[w.Start:w.End]
		if strings.ContainsAny(f[i], "\r\n\v\f") {
			return "", "", zone, false
		}
	}
	zone = ws[4]
	if !sysWeekday(f[0]) || sysMonth(f[1]) == 0 {
		return "", "", zone, false
	}
	day, err1 := strconv.Atoi(f[2])
	year, err2 := strconv.Atoi(f[5])
	clock, err3 := time.Parse("15:04:05", f[3])
	if err1 != nil || err2 != nil || err3 != nil || day < 1 || day > 31 || len(f[5]) != 4 || year < 1 {
		return "", "", zone, false
	}
	t, ok, local := sysZoned(year, time.Month(sysMonth(f[1])), day, clock.Hour(), clock.Minute(), clock.Second(), f[4], loc)
	if !ok {
		return "", "", zone, false
	}
	if local {
		return t.Format("2006-01-02T15:04:05"), "zone " + f[4] + " is not UTC, a numeric offset or the zone of the location; the time is given without an offset", zone, true
	}
	return t.Format(SysISO), "", zone, true
}

// sysMonth returns 1-12 for an English month abbreviation, 0 otherwise.
func sysMonth(s string) int {
	for i, m := range [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"} {
		if s == m {
			return i + 1
		}
	}
	return 0
}

func sysWeekday(s string) bool {
	switch s {
	case "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat":
		return true
	}
	return false
}

// sysZoned builds a wall-clock time in the zone named by abbr. local is
// true when the abbreviation could not be resolved (t is then in UTC, to
// be printed without an offset).
func sysZoned(y int, mo time.Month, d, h, mi, s int, abbr string, loc *time.Location) (t time.Time, ok, local bool) {
	if d > time.Date(y, mo+1, 0, 0, 0, 0, 0, time.UTC).Day() {
		return t, false, false
	}
	switch {
	case abbr == "UTC" || abbr == "GMT" || abbr == "Z":
		return time.Date(y, mo, d, h, mi, s, 0, time.UTC), true, false
	case len(abbr) == 5 && (abbr[0] == '+' || abbr[0] == '-'):
		hh, e1 := strconv.Atoi(abbr[1:3])
		mm, e2 := strconv.Atoi(abbr[3:5])
		if e1 != nil || e2 != nil {
			return t, false, false
		}
		off := hh*3600 + mm*60
		if abbr[0] == '-' {
			off = -off
		}
		return time.Date(y, mo, d, h, mi, s, 0, time.FixedZone("", off)), true, false
	}
	if loc != nil {
		t = time.Date(y, mo, d, h, mi, s, 0, loc)
		if name, _ := t.Zone(); name == abbr {
			return t, true, false
		}
	}
	return time.Date(y, mo, d, h, mi, s, 0, time.UTC), true, true
}

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
	up := strings.Index(line, " up ")
	la := strings.Index(line, "load average")
	if up < 0 || la < up+4 {
		return false
	}
	var u UptimeResult
	spans := c.Hold() // kept when the line reads
	if ts, te := lex.TrimSpaceRange(line, 0, up); te > ts {
		u.Time = line[ts:te]
		spans.Add(start+ts, start+te, "", "time")
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
			spans.Add(start+ns, start+ns+len(num), "parseInt", "users")
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
	spans.Add(start+ms+us, start+ms+ue, "", "up")
	if secs, ok := UptimeSeconds(u.Up); ok {
		u.UpSeconds = &secs
		spans.Add(start+ms+us, start+ms+ue, "duration", "up_seconds")
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
		v, ok := NetFloat(strings.Replace(rest[pos:e], ",", ".", 1))
		if !ok {
			return false
		}
		key := [...]string{"load_average_1", "load_average_5", "load_average_15"}[k]
		*[...]**float64{&u.LoadAverage1, &u.LoadAverage5, &u.LoadAverage15}[k] = &v
		spans.Add(start+rs+pos, start+rs+e, "parseFloat", key)
		k++
		pos = e
	}
	if k != 3 {
		return false
	}
	*res = u
	spans.Commit()
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

// LsblkUnescape decodes lsblk's \xHH escapes (a space is \x20).
func LsblkUnescape(v string) (string, bool) {
	if !strings.Contains(v, `\x`) {
		return v, false
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+3 < len(v) && v[i+1] == 'x' {
			if n, err := strconv.ParseUint(v[i+2:i+4], 16, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String(), true
}
