<?xml version="1.0" encoding="UTF-8"?>
<testSet xmlns="http://difi.no/xsd/vefa/validator/1.0" configuration="peppolbis-en16931-base-3.0-ubl">
	<assert>
		<description>ICD (9906) provided.</description>
		<scope>PEPPOL-COMMON-R048</scope>
	</assert>
	<!-- Rule is commented out

        <test>
      <assert>
        <success>PEPPOL-COMMON-R048</success>
      </assert>
      <Invoice xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">
        <cac:AccountingCustomerParty>
          <cac:Party>
            <cbc:EndpointID schemeID="9906">IT02985591201</cbc:EndpointID>
          </cac:Party>
        </cac:AccountingCustomerParty>
      </Invoice>
    </test>


      <test>
      <assert>
        <warning>PEPPOL-COMMON-R048</warning>
      </assert>
      <Invoice xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">
        <cac:AccountingCustomerParty>
          <cac:Party>
            <cbc:EndpointID schemeID="9906">ITABC</cbc:EndpointID>
          </cac:Party>
        </cac:AccountingCustomerParty>
      </Invoice>
    </test>
   -->
	
</testSet>
