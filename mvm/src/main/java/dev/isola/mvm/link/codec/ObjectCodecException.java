package dev.isola.mvm.link.codec;

import dev.isola.mvm.link.LinkException;

/**
 * A value could not be copied: at the sender, something in its object graph is not
 * serializable or its serialization hooks failed; at the receiver, the bytes do not decode.
 * Nothing was sent, or the message was dropped; the link stays usable.
 */
public class ObjectCodecException extends LinkException {

    public ObjectCodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
