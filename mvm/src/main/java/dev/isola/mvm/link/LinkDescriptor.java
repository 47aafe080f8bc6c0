package dev.isola.mvm.link;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Everything another process needs to open a link: which backing file or socket, which
 * transport, and which isolate may send and which may receive on it. Small and textual, so it
 * travels in an isolate's startup descriptor and inside link messages.
 *
 * <p>A descriptor from a message comes from a peer that is not trusted, so {@link #parse}
 * checks every field and names the one at fault. It refuses paths whose file name is not the
 * link's own ({@code <id>.ring} or {@code <id>.sock}), so a peer cannot point a receiver at an
 * arbitrary file.
 *
 * @param id         unique link id, also the backing file's base name
 * @param transport  how frames move
 * @param path       the ring file or socket path, absolute
 * @param senderId   the id of the isolate that may send
 * @param receiverId the id of the isolate that may receive
 * @param capacity   bytes of frame space (the ring size; the socket transport's frame limit)
 */
public record LinkDescriptor(String id, TransportKind transport, Path path, String senderId, String receiverId, int capacity) {

    private static final String PREFIX = "isola-link:1?";
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,63}");
    private static final Pattern ISOLATE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    /** The text form is bounded so that a hostile peer cannot make a receiver parse megabytes. */
    static final int MAX_TEXT_LENGTH = 4096;

    public LinkDescriptor {
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(path, "path");
        check(id != null && ID.matcher(id).matches(), "id '" + id + "' must be 1-64 letters, digits or '-'");
        check(senderId != null && ISOLATE_ID.matcher(senderId).matches(), "sender isolate id '" + senderId + "' is not an isolate id");
        check(receiverId != null && ISOLATE_ID.matcher(receiverId).matches(), "receiver isolate id '" + receiverId + "' is not an isolate id");
        check(path.isAbsolute(), "path " + path + " must be absolute");
        check(path.getFileName() != null && path.getFileName().toString().equals(id + transport.fileSuffix()),
                "path " + path + " must name the link's own file " + id + transport.fileSuffix());
        check(capacity >= LinkOptions.MIN_CAPACITY && capacity <= LinkOptions.MAX_CAPACITY && Integer.bitCount(capacity) == 1,
                "capacity " + capacity + " must be a power of two between " + LinkOptions.MIN_CAPACITY + " and " + LinkOptions.MAX_CAPACITY);
    }

    private static void check(boolean condition, String problem) {
        if (!condition) {
            throw new IllegalArgumentException("invalid link descriptor: " + problem);
        }
    }

    /** The text form, e.g. {@code isola-link:1?id=...&transport=shm&path=...&sender=...&receiver=...&capacity=...}. */
    public String encode() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("id", id);
        fields.put("transport", transport.code());
        fields.put("path", path.toString());
        fields.put("sender", senderId);
        fields.put("receiver", receiverId);
        fields.put("capacity", Integer.toString(capacity));
        StringBuilder text = new StringBuilder(PREFIX);
        fields.forEach((key, value) -> {
            if (text.length() > PREFIX.length()) {
                text.append('&');
            }
            text.append(key).append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8));
        });
        return text.toString();
    }

    /**
     * Reads the text form.
     *
     * @throws IllegalArgumentException naming the field that is missing, repeated or invalid
     */
    public static LinkDescriptor parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.length() > MAX_TEXT_LENGTH) {
            throw new IllegalArgumentException("invalid link descriptor: " + text.length() + " characters, more than " + MAX_TEXT_LENGTH);
        }
        if (!text.startsWith(PREFIX)) {
            throw new IllegalArgumentException("invalid link descriptor: it must start with '" + PREFIX + "': " + abbreviate(text));
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : text.substring(PREFIX.length()).split("&", -1)) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("invalid link descriptor: field '" + abbreviate(pair) + "' has no name=value form");
            }
            String key = pair.substring(0, eq);
            String value;
            try {
                value = URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("invalid link descriptor: field '" + key + "' is not URL-encoded: " + e.getMessage());
            }
            if (fields.put(key, value) != null) {
                throw new IllegalArgumentException("invalid link descriptor: field '" + key + "' appears twice");
            }
        }
        try {
            return new LinkDescriptor(field(fields, "id"), TransportKind.ofCode(field(fields, "transport")), Path.of(field(fields, "path")),
                    field(fields, "sender"), field(fields, "receiver"), Integer.parseInt(field(fields, "capacity")));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid link descriptor: capacity '" + fields.get("capacity") + "' is not a number");
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("invalid link descriptor: path is not a path: " + e.getMessage());
        }
    }

    private static String field(Map<String, String> fields, String key) {
        String value = fields.get(key);
        if (value == null) {
            throw new IllegalArgumentException("invalid link descriptor: field '" + key + "' is missing");
        }
        return value;
    }

    private static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "...";
    }

    @Override
    public String toString() {
        return "link " + id + " (" + senderId + " -> " + receiverId + ", " + transport.code() + ")";
    }
}
