package dev.isola.mvm.link.bench;

/** {@link Echo} without RMI's checked exception, for the link invoker. */
public interface EchoService {
    byte[] echo(byte[] data);
}
