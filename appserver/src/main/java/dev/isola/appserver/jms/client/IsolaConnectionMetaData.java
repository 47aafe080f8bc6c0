package dev.isola.appserver.jms.client;

import jakarta.jms.ConnectionMetaData;

import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/** What the provider tells about itself. */
final class IsolaConnectionMetaData implements ConnectionMetaData {

    @Override
    public String getJMSVersion() {
        return "3.1";
    }

    @Override
    public int getJMSMajorVersion() {
        return 3;
    }

    @Override
    public int getJMSMinorVersion() {
        return 1;
    }

    @Override
    public String getJMSProviderName() {
        return "Isola JMS";
    }

    @Override
    public String getProviderVersion() {
        return "0.1";
    }

    @Override
    public int getProviderMajorVersion() {
        return 0;
    }

    @Override
    public int getProviderMinorVersion() {
        return 1;
    }

    @Override
    public Enumeration<String> getJMSXPropertyNames() {
        return Collections.enumeration(List.of("JMSXDeliveryCount", "JMSXGroupID", "JMSXGroupSeq"));
    }
}
