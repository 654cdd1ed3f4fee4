package kit

import (
	"strconv"

	"github.com/parism-go/parism/catalog"
)

var (
	NkConnections  = catalog.SpanID("connections/*")
	NfTimestamp    = catalog.SpanID("timestamp")
	NfMessage      = catalog.SpanID("message")
	NfRecvQ        = catalog.SpanID("recv_q")
	NfSendQ        = catalog.SpanID("send_q")
	NfLocalAddress = catalog.SpanID("local_address")
	NfLocalPort    = catalog.SpanID("local_port")
	NfState        = catalog.SpanID("state")
	NfPID          = catalog.SpanID("pid")
)

func NetItemIDs(list, field string, n int) []uint16 {
	ids := make([]uint16, n)
	for i := range ids {
		name := list + "/" + strconv.Itoa(i)
		if field != "" {
			name += "/" + field
		}
		ids[i] = catalog.SpanID(name)
	}
	return ids
}
