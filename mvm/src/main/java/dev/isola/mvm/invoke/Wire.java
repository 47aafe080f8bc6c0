package dev.isola.mvm.invoke;

import dev.isola.mvm.link.MalformedFrameException;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The frames of a call, sent as {@link dev.isola.mvm.link.LinkMessage.Bytes} so that the
 * correlation id is readable even when the value part cannot be decoded (a refused class must
 * still fail the right call).
 *
 * <pre>
 *  request: long id | int epoch | short length, target (UTF-8) | short length, method key (UTF-8) | short length, context (UTF-8)
 *           | codec bytes of Object[] arguments
 *  reply:   long id | byte status | int epoch | codec bytes of the result, exception or failure description
 * </pre>
 *
 * Each side puts its decoder's session epoch in what it sends, so the other side's encoder
 * follows it (the same resynchronisation a link does for its own value messages).
 */
final class Wire {

    static final byte RESULT = 0;
    static final byte EXCEPTION = 1;
    static final byte DESCRIBED = 2;
    static final byte REFUSED = 3;

    private Wire() {
    }

    record Request(long id, int epoch, String target, String method, String context, int valueOffset) {
    }

    record Reply(long id, byte status, int epoch, int valueOffset) {
    }

    static byte[] request(long id, int epoch, String target, String method, String context, byte[] value, int valueLength) {
        byte[] t = target.getBytes(StandardCharsets.UTF_8);
        byte[] m = method.getBytes(StandardCharsets.UTF_8);
        byte[] c = context.getBytes(StandardCharsets.UTF_8);
        if (t.length > Short.MAX_VALUE || m.length > Short.MAX_VALUE || c.length > Short.MAX_VALUE) {
            throw new IllegalArgumentException("target, method name or call context longer than " + Short.MAX_VALUE + " bytes");
        }
        return ByteBuffer.allocate(8 + 4 + 2 + t.length + 2 + m.length + 2 + c.length + valueLength)
                .putLong(id).putInt(epoch).putShort((short) t.length).put(t).putShort((short) m.length).put(m).putShort((short) c.length).put(c)
                .put(value, 0, valueLength).array();
    }

    static byte[] reply(long id, byte status, int epoch, byte[] value, int valueLength) {
        return ByteBuffer.allocate(8 + 1 + 4 + valueLength).putLong(id).put(status).putInt(epoch).put(value, 0, valueLength).array();
    }

    static Request readRequest(byte[] frame) {
        try {
            ByteBuffer in = ByteBuffer.wrap(frame);
            long id = in.getLong();
            int epoch = in.getInt();
            String target = string(in);
            String method = string(in);
            String context = string(in);
            return new Request(id, epoch, target, method, context, in.position());
        } catch (RuntimeException e) {
            throw new MalformedFrameException("a call request of " + frame.length + " bytes is malformed: " + e, e);
        }
    }

    static Reply readReply(byte[] frame) {
        if (frame.length < 13 || frame[8] < RESULT || frame[8] > REFUSED) {
            throw new MalformedFrameException("a call reply of " + frame.length + " bytes is malformed");
        }
        ByteBuffer in = ByteBuffer.wrap(frame);
        return new Reply(in.getLong(), in.get(), in.getInt(), 13);
    }

    private static String string(ByteBuffer in) {
        int length = in.getShort();
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("a name of " + length + " bytes with " + in.remaining() + " left");
        }
        String s = new String(in.array(), in.position(), length, StandardCharsets.UTF_8);
        in.position(in.position() + length);
        return s;
    }
}
