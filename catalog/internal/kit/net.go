package kit

import (
	"strconv"

	"github.com/parism-go/parism/catalog"
)

var NkConnections = catalog.SpanID("connections/*")

var NfTimestamp = catalog.SpanID("timestamp")

var NfMessage = catalog.SpanID("message")

var NfRecvQ = catalog.SpanID("recv_q")

var NfSendQ = catalog.SpanID("send_q")

var NfLocalAddress = catalog.SpanID("local_address")

var NfLocalPort = catalog.SpanID("local_port")

var NfState = catalog.SpanID("state")

var NfPID = catalog.SpanID("pid")

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
