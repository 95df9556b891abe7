package wire

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/textproto"
	"path"
	"strings"

	"tabuleiro/bot"
)

// Form is a message or response body with files, as Discord takes one: multipart form data whose
// part payload_json is the JSON body (which lists the files as attachments, see AppendMessage) and
// whose parts files[0], files[1], … are the files. It returns the body and its Content-Type.
func Form(payload []byte, files []bot.File) (body []byte, contentType string) {
	var buf bytes.Buffer
	size := len(payload) + 512
	for _, f := range files {
		size += len(f.Content) + 256
	}
	buf.Grow(size)
	w := multipart.NewWriter(&buf)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="payload_json"`)
	h.Set("Content-Type", "application/json")
	part, _ := w.CreatePart(h) // writing into a bytes.Buffer cannot fail
	part.Write(payload)
	for i, f := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="files[%d]"; filename="%s"`, i, quoteEscaper.Replace(f.Name)))
		h.Set("Content-Type", ContentType(f.Name))
		part, _ := w.CreatePart(h)
		part.Write(f.Content)
	}
	w.Close()
	return buf.Bytes(), w.FormDataContentType()
}

var quoteEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r", "", "\n", "")

// ContentType is the media type of a file the bot attaches, by its name's extension.
func ContentType(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".png":
		return "image/png"
	case ".gif":
		return "image/gif"
	}
	return "text/plain; charset=utf-8"
}

// Body is a JSON payload as it goes to Discord with files: the JSON alone when there are none,
// else a Form. It returns the body and its Content-Type.
func Body(payload []byte, files []bot.File) (body []byte, contentType string) {
	if len(files) == 0 {
		return payload, "application/json"
	}
	return Form(payload, files)
}

// Files are the files the response to r carries: those of its message, for a reply that posts or
// updates one.
func Files(r bot.Reply) []bot.File {
	if r.Type != bot.Post && r.Type != bot.Update {
		return nil
	}
	return r.Message.Files
}
