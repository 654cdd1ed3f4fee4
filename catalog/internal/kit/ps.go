package kit

var weekdays = [...]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}

func IsWeekday(s string) bool {
	for _, d := range weekdays {
		if s == d {
			return true
		}
	}
	return false
}
