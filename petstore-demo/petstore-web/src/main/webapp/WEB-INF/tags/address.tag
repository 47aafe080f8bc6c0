<%@ tag pageEncoding="UTF-8" description="The eight fields of an address, named prefix.firstName ... prefix.country." %>
<%@ attribute name="prefix" required="true" %>
<%@ attribute name="legend" required="true" %>
<%@ attribute name="address" required="true" type="dev.isola.petstore.account.Address" %>
<%@ attribute name="section" %>
<%@ taglib prefix="t" tagdir="/WEB-INF/tags" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<fieldset id="${fn:escapeXml(prefix)}-address">
  <legend>${fn:escapeXml(legend)}</legend>
  <div class="row">
    <t:input name="${prefix}.firstName" label="First name" value="${address.firstName}" autocomplete="${section} given-name"/>
    <t:input name="${prefix}.lastName" label="Last name" value="${address.lastName}" autocomplete="${section} family-name"/>
  </div>
  <t:input name="${prefix}.street1" label="Street address" value="${address.street1}" autocomplete="${section} address-line1"/>
  <t:input name="${prefix}.street2" label="Second address line (optional)" value="${address.street2}" autocomplete="${section} address-line2"/>
  <div class="row">
    <t:input name="${prefix}.city" label="City" value="${address.city}" autocomplete="${section} address-level2"/>
    <t:input name="${prefix}.state" label="State or region (optional)" value="${address.state}" autocomplete="${section} address-level1"/>
  </div>
  <div class="row">
    <t:input name="${prefix}.zip" label="Postal code" value="${address.zip}" autocomplete="${section} postal-code"/>
    <t:input name="${prefix}.country" label="Country" value="${address.country}" autocomplete="${section} country-name"/>
  </div>
</fieldset>
