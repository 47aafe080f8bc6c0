package dev.isola.appserver.security;

/** A keyfile line that is not {@code user;bcrypt hash;groups}, with where it is and what is wrong. */
public final class InvalidKeyfileException extends IllegalArgumentException {

    public InvalidKeyfileException(String file, int line, String problem) {
        super(file + ", line " + line + ": " + problem);
    }
}
