//! A small, strict HTTP/1.x reader and writer: one request per connection, bounded sizes, no
//! panics on any input.

use std::io::{BufRead, BufReader, Read, Write};

/// The largest request head (request line and headers) accepted.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// The largest body accepted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A request, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path, percent-decoded, without the query.
    pub path: String,
    /// The body (empty without `Content-Length`).
    pub body: Vec<u8>,
}

/// A response to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Response {
    /// A plain-text response.
    pub fn text(status: u16, body: impl Into<String>) -> Response {
        let mut body = body.into();
        if !body.ends_with('\n') && status != 200 {
            body.push('\n');
        }
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body,
        }
    }

    /// A JSON response.
    pub fn json(status: u16, value: &serde_json::Value) -> Response {
        Response {
            status,
            content_type: "application/json",
            body: value.to_string() + "\n",
        }
    }

    /// An error as JSON `{"error": message}` or text, as the route prefers.
    pub fn error(status: u16, message: impl Into<String>, json: bool) -> Response {
        let message = message.into();
        if json {
            Response::json(status, &serde_json::json!({ "error": message }))
        } else {
            Response::text(status, message)
        }
    }

    /// Writes the response with `Connection: close`.
    pub fn write_to(&self, stream: &mut impl Write) -> std::io::Result<()> {
        let head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\nAccess-Control-Allow-Origin: *\r\n\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        );
        stream.write_all(head.as_bytes())?;
        stream.write_all(self.body.as_bytes())?;
        stream.flush()
    }
}

/// The reason phrase of a status code.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

/// Why a request could not be read: the status to answer and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The status code to answer (`None`: the connection is gone, answer nothing).
    pub status: Option<u16>,
    /// What was wrong.
    pub message: String,
}

impl ReadError {
    fn bad(status: u16, message: impl Into<String>) -> ReadError {
        ReadError {
            status: Some(status),
            message: message.into(),
        }
    }
}

/// Reads one request from `stream` (whose read timeout the caller has set).
pub fn read_request(stream: impl Read) -> Result<Request, ReadError> {
    let mut reader = BufReader::new(stream.take((MAX_HEAD_BYTES + MAX_BODY_BYTES + 1) as u64));
    let lines = read_head(&mut reader)?;
    let (request_line, headers) = lines.split_first().ok_or_else(incomplete_head)?;
    let (method, path) = parse_request_line(request_line)?;
    let length = content_length(headers)?;
    let body = read_body(&mut reader, length)?;
    Ok(Request { method, path, body })
}

/// The lines of the request head up to the blank line that ends it, without their line ends
/// (never empty: blank lines before the request line are passed over).
fn read_head(reader: &mut impl BufRead) -> Result<Vec<String>, ReadError> {
    let mut head_bytes = 0usize;
    let mut lines = Vec::new();
    loop {
        let mut line = Vec::new();
        let read = reader
            .take((MAX_HEAD_BYTES + 1 - head_bytes.min(MAX_HEAD_BYTES)) as u64)
            .read_until(b'\n', &mut line)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => {
                    ReadError::bad(408, "the request did not arrive in time")
                }
                _ => ReadError {
                    status: None,
                    message: e.to_string(),
                },
            })?;
        head_bytes += read;
        if head_bytes > MAX_HEAD_BYTES {
            return Err(ReadError::bad(431, "the request head is too large"));
        }
        if read == 0 {
            if lines.is_empty() {
                return Err(ReadError {
                    status: None,
                    message: "the connection closed before a request".into(),
                });
            }
            return Err(incomplete_head());
        }
        let text = String::from_utf8(line)
            .map_err(|_| ReadError::bad(400, "the request head is not UTF-8"))?;
        let text = text.trim_end_matches(['\r', '\n']).to_string();
        if text.is_empty() {
            if lines.is_empty() {
                continue; // tolerate blank lines before the request line
            }
            return Ok(lines);
        }
        lines.push(text);
    }
}

fn incomplete_head() -> ReadError {
    ReadError::bad(400, "the request head is incomplete")
}

/// The method and the percent-decoded path (without the query) of `METHOD TARGET HTTP/1.x`.
fn parse_request_line(line: &str) -> Result<(String, String), ReadError> {
    let parts: Vec<&str> = line.split(' ').collect();
    let [method, target, version] = parts.as_slice() else {
        return Err(ReadError::bad(400, "malformed request line"));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(ReadError::bad(400, "only HTTP/1.x is spoken here"));
    }
    if method.is_empty() || !method.chars().all(|c| c.is_ascii_uppercase()) {
        return Err(ReadError::bad(400, "malformed method"));
    }
    let raw_path = target.split('?').next().unwrap_or("");
    if !raw_path.starts_with('/') {
        return Err(ReadError::bad(
            400,
            "the target must be a path starting with /",
        ));
    }
    let path = percent_decode(raw_path)
        .ok_or_else(|| ReadError::bad(400, "malformed percent-encoding in the path"))?;
    Ok((method.to_string(), path))
}

/// The body's length by the headers (0 without `Content-Length`); chunked bodies and bodies
/// over [`MAX_BODY_BYTES`] are refused.
fn content_length(headers: &[String]) -> Result<usize, ReadError> {
    let mut content_length = None;
    for header in headers {
        let Some((name, value)) = header.split_once(':') else {
            return Err(ReadError::bad(400, "malformed header line"));
        };
        let (name, value) = (name.trim().to_ascii_lowercase(), value.trim());
        match name.as_str() {
            "content-length" => {
                let length: usize = value
                    .parse()
                    .map_err(|_| ReadError::bad(400, "malformed Content-Length"))?;
                if content_length.is_some_and(|l| l != length) {
                    return Err(ReadError::bad(400, "conflicting Content-Length headers"));
                }
                content_length = Some(length);
            }
            "transfer-encoding" if !value.eq_ignore_ascii_case("identity") => {
                return Err(ReadError::bad(
                    411,
                    "chunked bodies are not accepted: send Content-Length",
                ));
            }
            _ => {}
        }
    }
    let length = content_length.unwrap_or(0);
    if length > MAX_BODY_BYTES {
        return Err(ReadError::bad(
            413,
            format!("the body is over {MAX_BODY_BYTES} bytes"),
        ));
    }
    Ok(length)
}

/// The `length` bytes of the body.
fn read_body(reader: &mut impl Read, length: usize) -> Result<Vec<u8>, ReadError> {
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).map_err(|e| match e.kind() {
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => {
            ReadError::bad(408, "the body did not arrive in time")
        }
        _ => ReadError::bad(400, "the body is shorter than its Content-Length"),
    })?;
    Ok(body)
}

/// Decodes `%XX` escapes; `None` on a malformed escape or bytes that are not UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'%' => {
                let hex = bytes.get(index + 1..index + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                index += 3;
            }
            byte => {
                out.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_read() {
        let text = "GET /getmove/5,0123?x=1 HTTP/1.1\r\nHost: a\r\n\r\n";
        let request = read_request(text.as_bytes()).unwrap();
        assert_eq!(request.method, "GET");
        assert_eq!(request.path, "/getmove/5,0123");
        let text = "POST /v1/kalah%3Apits%3D4/bestmove HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}";
        let request = read_request(text.as_bytes()).unwrap();
        assert_eq!(request.path, "/v1/kalah:pits=4/bestmove");
        assert_eq!(request.body, b"{}");
    }

    #[test]
    fn bad_requests_are_refused_with_a_status() {
        let cases: &[(&[u8], Option<u16>)] = &[
            (b"", None),
            (b"GET\r\n\r\n", Some(400)),
            (b"GET / HTTP/2\r\n\r\n", Some(400)),
            (b"get / HTTP/1.1\r\n\r\n", Some(400)),
            (b"GET nopath HTTP/1.1\r\n\r\n", Some(400)),
            (b"GET /%zz HTTP/1.1\r\n\r\n", Some(400)),
            (b"GET /%ff HTTP/1.1\r\n\r\n", Some(400)),
            (b"GET / HTTP/1.1\r\nbroken\r\n\r\n", Some(400)),
            (b"POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n", Some(400)),
            (
                b"POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nab",
                Some(400),
            ),
            (
                b"POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n",
                Some(413),
            ),
            (
                b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
                Some(411),
            ),
            (b"GET / HTTP/1.1\r\nHost: a", Some(400)),
        ];
        for (text, status) in cases {
            let error = read_request(*text).unwrap_err();
            assert_eq!(error.status, *status, "{}", String::from_utf8_lossy(text));
        }
        let huge = format!(
            "GET / HTTP/1.1\r\nX: {}\r\n\r\n",
            "a".repeat(MAX_HEAD_BYTES)
        );
        assert_eq!(read_request(huge.as_bytes()).unwrap_err().status, Some(431));
    }
}

#[cfg(test)]
mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_bytes_are_read_or_refused_without_panicking(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
            let _ = read_request(bytes.as_slice());
        }

        #[test]
        fn request_like_text_is_read_or_refused(
            method in "(GET|POST|PUT|get|)",
            path in "/?\\PC{0,40}",
            headers in prop::collection::vec("[A-Za-z-]{0,12}: ?\\PC{0,20}", 0..4),
            body in "\\PC{0,40}",
        ) {
            let text = format!("{method} {path} HTTP/1.1\r\n{}\r\n\r\n{body}", headers.join("\r\n"));
            if let Ok(request) = read_request(text.as_bytes()) {
                prop_assert!(request.path.starts_with('/'));
                prop_assert!(request.body.len() <= MAX_BODY_BYTES);
            }
        }

        #[test]
        fn percent_decoding_never_panics(text in "[%0-9a-fA-FzZ/]{0,30}") {
            let _ = percent_decode(&text);
        }
    }
}
