package dev.isola.mvm.link;

import dev.isola.mvm.link.codec.ClassNotAllowedException;
import dev.isola.mvm.link.codec.ObjectCodec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Message kinds on the wire, and the decoder that turns a received frame back into a
 * {@link LinkMessage}. The decoder takes bytes from a peer that is not trusted: whatever they
 * are, it returns a message or throws {@link MalformedFrameException} (or, for an object graph,
 * {@link ClassNotAllowedException} / {@link dev.isola.mvm.link.codec.ObjectCodecException}).
 *
 * <pre>
 *  kind  payload
 *  1     bytes            the bytes
 *  2     text             UTF-8
 *  3     value            int epoch, then the codec's bytes
 *  4     link transfer    the link descriptor's text form, UTF-8
 *  5     isolate ref      long pid, then "id\nname" in UTF-8
 *  6     bulk migration   long offset, long size, then the bulk pool's id in UTF-8
 * </pre>
 */
final class MessageFrames {

    static final int BYTES = 1;
    static final int TEXT = 2;
    static final int VALUE = 3;
    static final int LINK = 4;
    static final int ISOLATE = 5;
    static final int BULK = 6;

    private MessageFrames() {
    }

    /** What a frame decodes into, given what only the receiving link knows. */
    interface Context {
        LinkDescriptor link();

        ObjectCodec.Decoder decoder();

        /** Opens a link handed over in a message. */
        Link open(LinkDescriptor descriptor);
    }

    static LinkMessage decode(int kind, byte[] payload, Context context) {
        LinkDescriptor link = context.link();
        return switch (kind) {
            case BYTES -> new LinkMessage.Bytes(payload);
            case TEXT -> new LinkMessage.Text(new String(payload, StandardCharsets.UTF_8));
            case VALUE -> new LinkMessage.Value(context.decoder().decode(payload, 0, payload.length));
            case LINK -> {
                LinkDescriptor passed;
                try {
                    passed = LinkDescriptor.parse(new String(payload, StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    throw new MalformedFrameException(link + ": a link-transfer message holds no valid link: " + e.getMessage(), e);
                }
                yield new LinkMessage.LinkTransfer(context.open(passed));
            }
            case ISOLATE -> {
                if (payload.length < 8) {
                    throw new MalformedFrameException(link + ": an isolate-reference message of " + payload.length + " bytes is too short");
                }
                ByteBuffer in = ByteBuffer.wrap(payload);
                long pid = in.getLong();
                String text = new String(payload, 8, payload.length - 8, StandardCharsets.UTF_8);
                int newline = text.indexOf('\n');
                if (newline <= 0 || newline == text.length() - 1 || text.indexOf('\n', newline + 1) >= 0) {
                    throw new MalformedFrameException(link + ": an isolate-reference message does not hold 'id\\nname'");
                }
                yield new LinkMessage.IsolateReference(text.substring(0, newline), text.substring(newline + 1), pid);
            }
            case BULK -> {
                if (payload.length < 17) {
                    throw new MalformedFrameException(link + ": a bulk message of " + payload.length + " bytes is too short");
                }
                ByteBuffer in = ByteBuffer.wrap(payload);
                long offset = in.getLong();
                long size = in.getLong();
                yield new LinkMessage.Bulk(BulkBuffer.adopt(link, new String(payload, 16, payload.length - 16, StandardCharsets.UTF_8), offset, size));
            }
            default -> throw new MalformedFrameException(link + ": a frame of unknown kind " + kind + " (" + payload.length + " bytes)");
        };
    }

    static byte[] isolatePayload(LinkMessage.IsolateReference reference) {
        byte[] text = (reference.id() + "\n" + reference.name()).getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(8 + text.length).putLong(reference.pid()).put(text).array();
    }

    static byte[] bulkPayload(String poolId, long offset, long size) {
        byte[] name = poolId.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(16 + name.length).putLong(offset).putLong(size).put(name).array();
    }
}
