package dev.isola.mvm.link.bench;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The call every round-trip baseline makes: send bytes, get them back. */
public interface Echo extends Remote {
    byte[] echo(byte[] data) throws RemoteException;
}
